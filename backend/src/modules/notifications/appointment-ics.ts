import { createEvent, type EventStatus } from 'ics';
import type { AppointmentStatus } from '@rdv/sectors';

export interface IcsAppointment {
  refAppointment: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  title: string;
  description: string;
  location?: string | null;
  url?: string | null;
  organizer?: { name: string; email: string } | null;
  attendee?: { name: string; email: string } | null;
  updatedAt?: Date;
}

const ICS_STATUS: Record<IcsAppointment['status'], EventStatus> = {
  pending: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  refused: 'CANCELLED',
  cancelled: 'CANCELLED',
};

/** PUBLISH while the appointment stands; CANCEL once refused or cancelled, so calendar apps remove it. */
export function icsMethodOf(status: IcsAppointment['status']): 'PUBLISH' | 'CANCEL' {
  return status === 'cancelled' || status === 'refused' ? 'CANCEL' : 'PUBLISH';
}

/** The appointment as an iCalendar document (text/calendar), instants in UTC, stable UID per appointment. */
export function appointmentIcs(appointment: IcsAppointment, productName: string, uidDomain: string): string {
  const { error, value } = createEvent({
    productId: `-//${productName}//FR`,
    method: icsMethodOf(appointment.status),
    uid: `${appointment.refAppointment}@${uidDomain}`,
    start: appointment.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: appointment.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: appointment.title,
    description: appointment.description,
    location: appointment.location ?? undefined,
    url: appointment.url ?? undefined,
    status: ICS_STATUS[appointment.status],
    busyStatus: 'BUSY',
    organizer: appointment.organizer ?? undefined,
    attendees: appointment.attendee
      ? [{ ...appointment.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }]
      : undefined,
    lastModified: (appointment.updatedAt ?? new Date()).getTime(),
    sequence: Math.floor((appointment.updatedAt ?? new Date(0)).getTime() / 1000) % 2_000_000_000,
  });
  if (error || !value) throw error ?? new Error('ics generation failed');
  return value;
}

import type { AppointmentRecord } from '../appointments';
import type { AppointmentDto, EventResponseItemDto } from './booking.dto';

/** Who reads an appointment, which decides what of the client it shows. */
export type AppointmentAudience = 'public' | 'owner' | 'professional';

/** `public`: by unguessable reference (no attendee contact); `owner`: the attendee; `professional`: everything. */
export function presentAppointment(record: AppointmentRecord, audience: AppointmentAudience): AppointmentDto {
  const showContact = audience !== 'public';
  return {
    _id: record.id,
    id_event: record.id,
    refAppointment: record.refAppointment,
    status: record.status,
    mode: record.mode,
    start: record.startsAt.toISOString(),
    end: record.endsAt.toISOString(),
    timezone: record.timezone,
    title: record.title,
    location: record.location,
    visioUrl: record.visioUrl,
    notes: audience === 'public' ? null : record.notes,
    user_id: record.userId,
    professional: {
      _id: record.userId,
      civility: record.pro.civility,
      first_name: record.pro.firstName,
      last_name: record.pro.lastName,
      userUri: record.pro.userUri,
      office: record.pro.teamName,
      telephone: record.mode === 'phone' ? record.pro.telephone : null,
    },
    motive: record.motiveId && record.motiveTitle ? { id: record.motiveId, title: record.motiveTitle } : null,
    attendee_id: record.attendeeId,
    attendee:
      record.attendee && record.attendeeId
        ? {
            _id: record.attendeeId,
            civility: record.attendee.civility,
            first_name: record.attendee.firstName,
            last_name: record.attendee.lastName,
            ...(showContact ? { email: record.attendee.email, phone: record.attendee.phone } : {}),
          }
        : null,
    createdBy: record.createdBy,
    refusalReason: record.refusalReason,
    cancelledBy: record.cancelledBy,
    cancellationReason: record.cancellationReason,
    cancellable:
      (record.status === 'pending' || record.status === 'confirmed') &&
      record.startsAt.getTime() > Date.now(),
    proposal:
      record.proposal && record.status === 'confirmed'
        ? { start: record.proposal.startsAt.toISOString(), end: record.proposal.endsAt.toISOString() }
        : null,
    payment: record.payment
      ? {
          status: record.payment.status,
          amountCents: record.payment.amountCents,
          refundedCents: record.payment.refundedCents,
          legalAid: record.payment.legalAid,
          cancellationDeadlineHours: record.payment.cancellationDeadlineHours,
          lateCancellationRefund: record.payment.lateCancellationRefund,
          // The payment link is the client's: never in the professional's view.
          ...(audience !== 'professional' && record.payment.status === 'awaiting_payment'
            ? { checkoutUrl: record.payment.checkoutUrl }
            : {}),
        }
      : null,
    feeAgreement: record.feeAgreement
      ? {
          acceptedAt: record.feeAgreement.acceptedAt.toISOString(),
          versionHash: record.feeAgreement.versionHash,
        }
      : null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** A client's answer to a request for availabilities. */
export function presentResponse(row: {
  id: string;
  availabilities: { start: string; end: string }[];
  message: string | null;
  createdAt: Date;
}): EventResponseItemDto {
  return {
    id: row.id,
    availabilities: row.availabilities,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

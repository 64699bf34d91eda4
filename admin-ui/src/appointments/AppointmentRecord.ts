export type AppointmentStatus = 'pending' | 'confirmed' | 'refused' | 'cancelled';

export interface AppointmentRecord {
  id: string;
  refAppointment: string;
  status: AppointmentStatus;
  mode: 'in_person' | 'visio' | 'phone';
  startsAt: string;
  endsAt: string;
  userId: string;
  professionalName: string;
  attendeeId: string | null;
  attendeeName: string | null;
  attendeeEmail: string | null;
  motiveTitle: string | null;
  cancelledBy: 'attendee' | 'user' | null;
  cancellationReason: string | null;
}

export const APPOINTMENT_STATUS_CHOICES = [
  { id: 'pending', name: 'En attente' },
  { id: 'confirmed', name: 'Confirmé' },
  { id: 'refused', name: 'Refusé' },
  { id: 'cancelled', name: 'Annulé' },
];

export function appointmentStatusLabel(status: AppointmentStatus): string {
  return APPOINTMENT_STATUS_CHOICES.find((c) => c.id === status)?.name ?? status;
}

export function when(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
}

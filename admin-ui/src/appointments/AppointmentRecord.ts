import type { Schemas } from '@rdv/api-client';

/** An appointment as the console's list and show pages get it (GET /api/v1/admin/appointments). */
export type AppointmentRecord = Schemas['AdminAppointmentDto'];
export type AppointmentStatus = AppointmentRecord['status'];

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

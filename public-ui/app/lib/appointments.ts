import type { Sector } from '@rdv/sectors';
import { atOffice } from './office-words';

export type AppointmentMode = 'in_person' | 'visio' | 'phone';
export type AppointmentStatus = 'pending' | 'confirmed' | 'refused' | 'cancelled';

export interface ProfessionalRef {
  _id: string;
  civility: string | null;
  first_name: string;
  last_name: string;
  userUri: string;
  office: string | null;
  telephone: string | null;
}

/** AppointmentDto of the API. */
export interface Appointment {
  _id: string;
  id_event: string;
  refAppointment: string;
  status: AppointmentStatus;
  mode: AppointmentMode;
  start: string;
  end: string;
  timezone: string;
  title: string | null;
  location: string | null;
  visioUrl: string | null;
  notes: string | null;
  user_id: string;
  professional: ProfessionalRef;
  motive: { id: string; title: string } | null;
  attendee_id: string | null;
  cancelledBy: string | null;
  refusalReason: string | null;
  cancellable: boolean;
  createdAt: string;
}

/** "Au cabinet", "En visio", "Par téléphone". */
export function modeLabel(mode: string, sector: Sector): string {
  if (mode === 'visio') return 'En visio (Visio-RDV)';
  if (mode === 'phone') return 'Par téléphone';
  const at = atOffice(sector);
  return at.charAt(0).toUpperCase() + at.slice(1);
}

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'En attente de validation',
  confirmed: 'Confirmé',
  refused: 'Refusé',
  cancelled: 'Annulé',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as AppointmentStatus] ?? status;
}

/** "Me Claire Martin" for lawyers, the civility otherwise. */
export function professionalName(
  p: Pick<ProfessionalRef, 'civility' | 'first_name' | 'last_name'>,
  sector: Sector,
) {
  const title =
    sector.key === 'lawyer' || sector.key === 'bailiff' || sector.key === 'notary' ? 'Me' : p.civility;
  return [title, p.first_name, p.last_name].filter(Boolean).join(' ');
}

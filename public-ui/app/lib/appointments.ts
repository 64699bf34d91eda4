import type { Schemas } from '@rdv/api-client';
import type { Sector } from '@rdv/sectors';
import { atOffice } from '@rdv/sectors';

export type Appointment = Schemas['AppointmentDto'];
export type AppointmentMode = Appointment['mode'];
export type AppointmentStatus = Appointment['status'];
export type ProfessionalRef = Schemas['ProfessionalRefDto'];

/** "Au cabinet", "En visio", "Par téléphone". */
export function modeLabel(mode: string, sector: Sector): string {
  if (mode === 'visio') return 'En visio';
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

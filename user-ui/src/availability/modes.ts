import type { AppointmentMode } from '../api/events';
import { atOfficeLabel } from '@rdv/sectors';
import { sector } from '../sector';

/** How an appointment mode reads in the professional's space (« Au cabinet », « À l’étude », « Au salon »). */
export const MODE_LABELS: Record<AppointmentMode, string> = {
  in_person: atOfficeLabel(sector),
  visio: 'En visio',
  phone: 'Par téléphone',
};

import type { AppointmentMode } from '../api/events';
import { sector } from '../sector';

/** How an appointment mode reads in the professional's space ('cabinet' or 'étude' per sector). */
export const MODE_LABELS: Record<AppointmentMode, string> = {
  in_person: `Au ${sector.words.office}`,
  visio: 'En visio',
  phone: 'Par téléphone',
};

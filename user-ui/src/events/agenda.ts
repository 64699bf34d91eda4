import type { BusyEvent } from '../api/busy-events';
import type { Appointment } from '../api/events';
import { clientName } from './AppointmentCard';

/** The agenda's views: FullCalendar view names, in the order of the view switcher. */
export const AGENDA_VIEWS = ['timeGridDay', 'timeGridWeek', 'dayGridMonth', 'listWeek'] as const;
export type AgendaViewName = (typeof AGENDA_VIEWS)[number];

/** Under this width (a phone) the agenda opens on the day: seven columns cannot show a client's name. */
export const PHONE_MAX_WIDTH = 768;

export function initialAgendaView(width: number): AgendaViewName {
  return width < PHONE_MAX_WIDTH ? 'timeGridDay' : 'timeGridWeek';
}

/**
 * Whether the agenda shows the titles of the professional's other calendars' events: a choice of this browser
 * (localStorage), off by default, so a screen shared with a client shows "Occupé" only.
 */
export const SHOW_BUSY_TITLES_KEY = 'rdv.agenda.showBusyTitles';

export function readShowBusyTitles(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage) {
  try {
    return storage?.getItem(SHOW_BUSY_TITLES_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeShowBusyTitles(
  value: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(SHOW_BUSY_TITLES_KEY, value ? '1' : '0');
  } catch {
    // private browsing: the choice lasts for the page only
  }
}

export const BUSY_COLOR = '#9e9e9e';
export const BUSY_LABEL = 'Occupé';

/** FullCalendar's input for one agenda entry (the subset the agenda uses). */
export interface AgendaEventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  color: string;
  contrastColor: string;
  editable: boolean;
  className: string;
  extendedProps: { kind: 'appointment' | 'busy' | 'proposal'; appointmentId?: string };
}

/** External busy events, greyed and fixed; their titles only when the professional chose to see them. */
export function busyToEvents(busy: readonly BusyEvent[], showTitles: boolean): AgendaEventInput[] {
  return busy.map((b, index) => ({
    id: `busy-${index}-${b.start}`,
    title: showTitles && b.title ? b.title : BUSY_LABEL,
    start: b.start,
    end: b.end,
    color: BUSY_COLOR,
    contrastColor: '#ffffff',
    editable: false,
    className: 'agenda-busy',
    extendedProps: { kind: 'busy' },
  }));
}

/**
 * The appointments that hold a slot (drag to move), and the new times clients asked for (fixed, dashed) while
 * the appointment stays at its confirmed time.
 */
export function appointmentsToEvents(
  appointments: readonly Appointment[],
  colors: { pending: string; confirmed: string },
): AgendaEventInput[] {
  const holding = appointments.filter((e) => e.status === 'pending' || e.status === 'confirmed');
  const entries: AgendaEventInput[] = holding.map((e) => ({
    id: e._id,
    title: `${clientName(e)}${e.motive ? ` · ${e.motive.title}` : ''}`,
    start: e.start,
    end: e.end,
    color: e.status === 'pending' ? colors.pending : colors.confirmed,
    contrastColor: '#ffffff',
    editable: Date.parse(e.start) > Date.now(),
    className: `agenda-appointment agenda-appointment--${e.status}`,
    extendedProps: { kind: 'appointment', appointmentId: e._id },
  }));
  for (const e of holding) {
    if (e.status !== 'confirmed' || !e.proposal) continue;
    entries.push({
      id: `proposal-${e._id}`,
      title: `Déplacement demandé · ${clientName(e)}`,
      start: e.proposal.start,
      end: e.proposal.end,
      color: colors.pending,
      contrastColor: '#ffffff',
      editable: false,
      className: 'agenda-proposal',
      extendedProps: { kind: 'proposal', appointmentId: e._id },
    });
  }
  return entries;
}

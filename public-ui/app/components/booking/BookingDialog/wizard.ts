import type { Attendee } from '../../../lib/attendee';
import type { Appointment, AppointmentMode } from '../../../lib/appointments';
import { DEFAULT_TIMEZONE } from '../../../lib/dates';
import type { BookingMotive } from '../booking-client';
import type { Slot } from '../../../lib/directory';

/**
 * The booking wizard's state and its transitions, apart from the screens: which step is shown,
 * what the attendee chose so far, and where each event (a pick, a sign-in, a refused booking)
 * leads. Pure, so every path through the steps is tested without rendering.
 */

export type Step = 'reason' | 'slot' | 'identification' | 'verification' | 'infos' | 'confirm' | 'done';

/** docs/product.md §2 and §4: five steps. Choosing the slot is the second half of the reason step. */
export const STEPS = [
  { key: 'reason', label: 'Motif' },
  { key: 'identification', label: 'Identification' },
  { key: 'verification', label: 'Vérification' },
  { key: 'infos', label: 'Informations' },
  { key: 'confirm', label: 'Confirmation' },
] as const;

/** Position of a step in STEPS (the slot is part of the reason step; done is past the last). */
export const stepIndex = (step: Step) =>
  step === 'slot' ? 0 : step === 'done' ? STEPS.length : STEPS.findIndex((s) => s.key === step);

export const SLOT_TAKEN_MESSAGE = 'Ce créneau vient d’être pris. Veuillez en choisir un autre.';
export const SLOT_WINDOW_DAYS = 28;
export const DAYS_SHOWN = 4;

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

export interface WizardState {
  step: Step;
  loading: boolean;
  loadError?: string;
  motives: BookingMotive[];
  attendee: Attendee | null;
  motiveId?: string;
  mode?: AppointmentMode;
  slot: Slot | null;
  notes: string;
  /** The professional's zone, from the slots answer: dates are shown in it. */
  timezone: string;
  /** A message shown above the step (slot taken, session expired...). */
  notice?: string;
  appointment?: Appointment;
}

export type WizardEvent =
  | { type: 'loadStarted' }
  | { type: 'loaded'; motives: BookingMotive[]; attendee: Attendee | null; hasInitialSlot: boolean }
  | { type: 'loadFailed'; message: string }
  | { type: 'motiveChosen'; motiveId: string }
  | { type: 'modeChosen'; mode: AppointmentMode }
  | { type: 'reasonDone' }
  | { type: 'otherSlotAsked' }
  | { type: 'slotPicked'; slot: Slot; timezone: string }
  | { type: 'identified'; attendee: Attendee }
  | { type: 'phoneVerified'; attendee: Attendee }
  | { type: 'infosDone'; notes: string }
  | { type: 'booked'; appointment: Appointment }
  | { type: 'slotTaken' }
  | { type: 'phoneNotVerified'; message: string }
  | { type: 'sessionExpired'; message: string }
  | { type: 'back' }
  | { type: 'restart' };

/** A slot picked on the page (`?creneau=`) starts the wizard with that slot chosen. */
export function initialWizardState(initialSlot?: string | null): WizardState {
  return {
    step: 'reason',
    loading: true,
    motives: [],
    attendee: null,
    slot: initialSlot ? { start: initialSlot, end: '' } : null,
    notes: '',
    timezone: DEFAULT_TIMEZONE,
  };
}

/** The motive the attendee chose, if any. */
export const chosenMotive = (state: WizardState) => state.motives.find((m) => m.id === state.motiveId);

/** After the slot: the first step still to do (a signed-in, verified attendee goes straight to infos). */
const afterSlot = (who: Attendee | null): Step =>
  !who ? 'identification' : !who.phoneVerifiedAt ? 'verification' : 'infos';

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'loadStarted':
      return { ...state, loading: true, loadError: undefined };
    case 'loaded': {
      const first = event.motives[0];
      const next: WizardState = {
        ...state,
        loading: false,
        motives: event.motives,
        attendee: event.attendee,
      };
      // A slot picked on the page belongs to the first motive (the one the directory shows).
      if (first) {
        if (event.motives.length === 1 || event.hasInitialSlot) next.motiveId = first.id;
        if (first.modes.length === 1) next.mode = first.modes[0];
      }
      return next;
    }
    case 'loadFailed':
      return { ...state, loading: false, loadError: event.message };
    case 'motiveChosen': {
      const next = state.motives.find((m) => m.id === event.motiveId);
      const mode =
        next && next.modes.length === 1
          ? next.modes[0]
          : state.mode && next?.modes.includes(state.mode)
            ? state.mode
            : undefined;
      return { ...state, motiveId: event.motiveId, slot: null, mode };
    }
    case 'modeChosen':
      return { ...state, mode: event.mode };
    case 'reasonDone':
      // A slot already picked on the page: straight on (a 409 brings the slot list back).
      return { ...state, notice: undefined, step: state.slot ? afterSlot(state.attendee) : 'slot' };
    case 'otherSlotAsked':
      return { ...state, notice: undefined, step: 'slot' };
    case 'slotPicked':
      return {
        ...state,
        timezone: event.timezone,
        slot: event.slot,
        notice: undefined,
        step: afterSlot(state.attendee),
      };
    case 'identified':
      return {
        ...state,
        attendee: event.attendee,
        step: event.attendee.phoneVerifiedAt ? 'infos' : 'verification',
      };
    case 'phoneVerified':
      return { ...state, attendee: event.attendee, step: 'infos' };
    case 'infosDone':
      return { ...state, notes: event.notes, step: 'confirm' };
    case 'booked':
      return { ...state, appointment: event.appointment, notice: undefined, step: 'done' };
    case 'slotTaken':
      return { ...state, slot: null, notice: SLOT_TAKEN_MESSAGE, step: 'slot' };
    case 'phoneNotVerified':
      return {
        ...state,
        attendee: state.attendee ? { ...state.attendee, phoneVerifiedAt: null } : null,
        notice: event.message,
        step: 'verification',
      };
    case 'sessionExpired':
      return { ...state, attendee: null, notice: event.message, step: 'identification' };
    case 'back': {
      const previous: Partial<Record<Step, Step>> = {
        slot: 'reason',
        identification: 'slot',
        verification: state.attendee ? 'slot' : 'identification',
        infos: state.attendee?.phoneVerifiedAt ? 'slot' : 'verification',
        confirm: 'infos',
      };
      const target = previous[state.step];
      return { ...state, notice: undefined, step: target ?? state.step };
    }
    case 'restart':
      return { ...state, step: 'reason' };
  }
}

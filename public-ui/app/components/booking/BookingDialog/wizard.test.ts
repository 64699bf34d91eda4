import { describe, expect, it } from 'vitest';
import type { Attendee } from '../../../lib/attendee';
import type { BookingMotive } from '../booking-client';
import { SLOT_TAKEN_MESSAGE, initialWizardState, stepIndex, wizardReducer, type WizardEvent } from './wizard';

const free = {
  priceCents: null,
  paymentRule: 'free',
  cancellationDeadlineHours: 24,
  lateCancellationRefund: 'none',
  acceptsLegalAid: false,
} as const;
const consultation: BookingMotive = {
  id: 'm1',
  title: 'Première consultation',
  durationMinutes: 30,
  modes: ['in_person', 'visio'],
  ...free,
};
const phoneOnly: BookingMotive = {
  id: 'm2',
  title: 'Point rapide',
  durationMinutes: 15,
  modes: ['phone'],
  ...free,
};
const slot = { start: '2026-12-08T09:00:00.000Z', end: '2026-12-08T09:30:00.000Z' };
const verified = { _id: 'a1', phoneVerifiedAt: '2026-11-20T10:00:00.000Z' } as Attendee;
const unverified = { _id: 'a1', phoneVerifiedAt: null } as Attendee;

const run = (events: WizardEvent[], initialSlot?: string | null) =>
  events.reduce(wizardReducer, initialWizardState(initialSlot));
const loaded = (
  motives: BookingMotive[],
  attendee: Attendee | null = null,
  hasInitialSlot = false,
): WizardEvent => ({
  type: 'loaded',
  motives,
  attendee,
  hasInitialSlot,
});

describe('booking wizard', () => {
  it('starts on the reason step, loading, with a slot picked on the page already chosen', () => {
    const state = initialWizardState('2026-12-08T09:00:00.000Z');
    expect(state).toMatchObject({
      step: 'reason',
      loading: true,
      slot: { start: '2026-12-08T09:00:00.000Z' },
    });
  });

  it('preselects the only motive and its only mode', () => {
    const state = run([loaded([phoneOnly])]);
    expect(state).toMatchObject({ loading: false, motiveId: 'm2', mode: 'phone' });
  });

  it('takes a visitor through slot, identification, verification, infos and confirmation', () => {
    const steps = [
      loaded([consultation, phoneOnly]),
      { type: 'motiveChosen', motiveId: 'm1' },
      { type: 'modeChosen', mode: 'visio' },
      { type: 'reasonDone' },
      { type: 'slotPicked', slot, timezone: 'Europe/Paris' },
      { type: 'identified', attendee: unverified },
      { type: 'phoneVerified', attendee: verified },
      { type: 'infosDone', notes: 'Divorce' },
    ] satisfies WizardEvent[];
    const seen = steps.map((_, i) => run(steps.slice(0, i + 1)).step);
    expect(seen).toEqual([
      'reason',
      'reason',
      'reason',
      'slot',
      'identification',
      'verification',
      'infos',
      'confirm',
    ]);
    expect(run(steps)).toMatchObject({ motiveId: 'm1', mode: 'visio', slot, notes: 'Divorce' });
  });

  it('sends a signed-in, verified attendee from the slot straight to the infos step', () => {
    const state = run([
      loaded([consultation], verified),
      { type: 'modeChosen', mode: 'in_person' },
      { type: 'reasonDone' },
      { type: 'slotPicked', slot, timezone: 'Europe/Paris' },
    ]);
    expect(state.step).toBe('infos');
  });

  it('goes past the slot list when a slot was picked on the page', () => {
    const state = run(
      [loaded([consultation], null, true), { type: 'modeChosen', mode: 'visio' }, { type: 'reasonDone' }],
      slot.start,
    );
    expect(state).toMatchObject({ motiveId: 'm1', step: 'identification' });
  });

  it('forgets the slot and an impossible mode when another motive is chosen', () => {
    const state = run([
      loaded([consultation, phoneOnly]),
      { type: 'motiveChosen', motiveId: 'm1' },
      { type: 'modeChosen', mode: 'visio' },
      { type: 'reasonDone' },
      { type: 'slotPicked', slot, timezone: 'Europe/Paris' },
      { type: 'back' },
      { type: 'back' },
      { type: 'motiveChosen', motiveId: 'm2' },
    ]);
    expect(state).toMatchObject({ step: 'reason', motiveId: 'm2', mode: 'phone', slot: null });
  });

  it('brings the slot list back with a message when the slot was just taken', () => {
    const state = run([
      loaded([consultation], verified),
      { type: 'modeChosen', mode: 'visio' },
      { type: 'reasonDone' },
      { type: 'slotPicked', slot, timezone: 'Europe/Paris' },
      { type: 'infosDone', notes: '' },
      { type: 'slotTaken' },
    ]);
    expect(state).toMatchObject({ step: 'slot', slot: null, notice: SLOT_TAKEN_MESSAGE });
  });

  it('asks for the code again when the API says the phone is not verified, and to sign in when the session expired', () => {
    const confirming = [
      loaded([consultation], verified),
      { type: 'modeChosen', mode: 'visio' },
      { type: 'reasonDone' },
      { type: 'slotPicked', slot, timezone: 'Europe/Paris' },
      { type: 'infosDone', notes: '' },
    ] satisfies WizardEvent[];
    const unverifiedNow = run([...confirming, { type: 'phoneNotVerified', message: 'Numéro à vérifier' }]);
    expect(unverifiedNow).toMatchObject({ step: 'verification', notice: 'Numéro à vérifier' });
    expect(unverifiedNow.attendee?.phoneVerifiedAt).toBeNull();
    const expired = run([...confirming, { type: 'sessionExpired', message: 'Session expirée' }]);
    expect(expired).toMatchObject({ step: 'identification', attendee: null, notice: 'Session expirée' });
  });

  it('goes back from the verification to the slot for a signed-in attendee, to identification otherwise', () => {
    const signedIn = run([
      loaded([consultation], unverified),
      { type: 'modeChosen', mode: 'visio' },
      { type: 'reasonDone' },
      { type: 'slotPicked', slot, timezone: 'Europe/Paris' },
    ]);
    expect(signedIn.step).toBe('verification');
    expect(wizardReducer(signedIn, { type: 'back' }).step).toBe('slot');
  });

  it('counts the slot as part of the first step and done as past the last', () => {
    expect(stepIndex('slot')).toBe(0);
    expect(stepIndex('confirm')).toBe(4);
    expect(stepIndex('done')).toBe(5);
  });
});

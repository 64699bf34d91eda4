import {
  CalendarAuthError,
  type CalendarProviderPort,
  type CalendarRef,
  type SyncCursor,
  type SyncOptions,
  type SyncResult,
} from '../../src/modules/calendar-sync/calendar-provider.port';
import {
  ewsHarness,
  googleHarness,
  microsoftHarness,
  radicaleHarness,
  type ProviderHarness,
  type Span,
} from './provider-harnesses';

/**
 * What the sync engine and the write-back rely on from every calendar provider, run against each one's
 * double through the port (adapters made by the production registry). What only one provider does
 * (recurrences, paging, throttling, NTLM, push) stays in its own spec.
 */
const options: SyncOptions = {
  allDayBlocks: false,
  zone: 'Europe/Paris',
  window: { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-12-01T00:00:00Z') },
};
const spans = (ranges: Span[]) => ranges.map((r) => `${r.start.toISOString()}/${r.end.toISOString()}`);
const rangesOf = (result: SyncResult, key: string) =>
  spans(result.upserts.filter((u) => u.key === key).flatMap((u) => u.ranges));
const keysOf = (result: SyncResult) => result.upserts.map((u) => u.key);

const HEARING = ['2026-12-07T09:00:00.000Z', '2026-12-07T10:00:00.000Z'] as const;
const COURT = ['2026-12-08T13:00:00.000Z', '2026-12-08T15:00:00.000Z'] as const;
const span = ([start, end]: readonly [string, string]) => `${start}/${end}`;

const appointment = {
  uid: 'ref-contract@rdv-avocat.test',
  title: 'RDV Avocat : Jeanne Martin',
  description: 'Consultation au cabinet',
  location: '1 rue de la Paix, Paris',
  start: new Date('2026-12-14T09:00:00Z'),
  end: new Date('2026-12-14T09:30:00Z'),
};

const harnesses: ProviderHarness[] = [radicaleHarness(), googleHarness(), microsoftHarness(), ewsHarness()];

describe.each(harnesses.map((h) => [h.name, h] as const))('calendar provider contract: %s', (_name, h) => {
  let adapter: CalendarProviderPort;
  let calendar: CalendarRef;
  let hearing: string;
  let court: string;
  let cursor: SyncCursor;

  beforeAll(async () => {
    await h.start();
    adapter = h.adapter();
    calendar = { externalId: h.calendar().externalId };
  }, 60_000);
  afterAll(() => h.stop());

  it('lists the account calendars with their names', async () => {
    await expect(adapter.listCalendars()).resolves.toEqual(
      h.calendars().map((calendar) => expect.objectContaining(calendar)),
    );
  });

  it('syncs the whole window first, then nothing while nothing changes, then the change', async () => {
    hearing = await h.putEvent('audience', ...HEARING);
    const beyond = await h.putEvent('hors-fenetre', '2028-01-10T09:00:00Z', '2028-01-10T10:00:00Z');
    const first = await adapter.sync(calendar, null, options);
    expect(first).toMatchObject({ complete: true, fullResyncNeeded: false });
    expect(rangesOf(first, hearing)).toEqual([span(HEARING)]);
    expect(rangesOf(first, beyond)).toEqual([]);
    expect(first.nextCursor.token).toEqual(expect.any(String));

    const unchanged = await adapter.sync(calendar, first.nextCursor, options);
    expect(unchanged).toMatchObject({ upserts: [], deletes: [], complete: false, fullResyncNeeded: false });

    court = await h.putEvent('tribunal', ...COURT);
    const changed = await adapter.sync(calendar, unchanged.nextCursor, options);
    expect(changed.fullResyncNeeded).toBe(false);
    expect(rangesOf(changed, court)).toEqual([span(COURT)]);
    if (h.deltas === 'changes') {
      // Only what changed: the events already cached are not listed again.
      expect(changed).toMatchObject({ complete: false, deletes: [] });
      expect(keysOf(changed)).toEqual([court]);
    } else {
      // The whole window again, flagged complete so the engine replaces its cache.
      expect(changed.complete).toBe(true);
      expect(rangesOf(changed, hearing)).toEqual([span(HEARING)]);
    }
    cursor = changed.nextCursor;
  });

  it('sees an event deleted at the provider', async () => {
    await h.removeEvent(hearing);
    const after = await adapter.sync(calendar, cursor, options);
    expect(after.fullResyncNeeded).toBe(false);
    expect(keysOf(after)).not.toContain(hearing);
    if (h.deltas === 'changes') expect(after).toMatchObject({ complete: false, deletes: [hearing] });
    else {
      expect(after.complete).toBe(true);
      expect(rangesOf(after, court)).toEqual([span(COURT)]);
    }
    cursor = after.nextCursor;
  });

  it('asks for a full resync when the provider no longer knows the cursor', async () => {
    await expect(adapter.sync(calendar, h.staleCursor(cursor), options)).resolves.toMatchObject({
      fullResyncNeeded: true,
    });
  });

  it('checks busy times live over a range, without the deleted event', async () => {
    const busy = await adapter.fetchBusy(
      calendar,
      new Date('2026-12-08T13:30:00Z'),
      new Date('2026-12-08T14:00:00Z'),
      options,
    );
    expect(spans(busy)).toEqual([span(COURT)]);
    const day = await adapter.fetchBusy(
      calendar,
      new Date('2026-12-07T00:00:00Z'),
      new Date('2026-12-08T00:00:00Z'),
      options,
    );
    expect(day).toEqual([]);
  });

  it('writes an appointment once even when the write is retried, moves it, deletes it idempotently', async () => {
    const written = await adapter.createEvent(calendar, appointment);
    const again = await adapter.createEvent(calendar, appointment);
    expect(again.ref).toBe(written.ref);
    expect(spans(await h.written(appointment.uid))).toEqual([
      '2026-12-14T09:00:00.000Z/2026-12-14T09:30:00.000Z',
    ]);
    // Our own event carries its UID in the live answer, so the booking check can leave it out.
    const live = await adapter.fetchBusy(
      calendar,
      new Date('2026-12-14T00:00:00Z'),
      new Date('2026-12-15T00:00:00Z'),
      options,
    );
    expect(live).toEqual([{ start: appointment.start, end: appointment.end, uid: appointment.uid }]);

    const moved = await adapter.updateEvent(calendar, written, {
      ...appointment,
      start: new Date('2026-12-15T14:00:00Z'),
      end: new Date('2026-12-15T14:30:00Z'),
    });
    expect(spans(await h.written(appointment.uid))).toEqual([
      '2026-12-15T14:00:00.000Z/2026-12-15T14:30:00.000Z',
    ]);

    await adapter.deleteEvent(calendar, moved);
    expect(await h.written(appointment.uid)).toEqual([]);
    // A retried delete job: the event already gone counts as deleted.
    await expect(adapter.deleteEvent(calendar, moved)).resolves.toBeUndefined();
  });

  it('reports refused credentials as an authentication failure (the lawyer must reconnect)', async () => {
    await h.breakCredentials();
    const broken = h.adapter();
    await expect(broken.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError);
    await expect(broken.sync(calendar, null, options)).rejects.toBeInstanceOf(CalendarAuthError);
  });
});

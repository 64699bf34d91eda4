import { CalendarProviderError, type LiveBusyRange, type PushCapability } from './calendar-provider.port';
import type { BusyTimesRepository } from './busy-times.repository';
import type { ConnectionRow, ExternalCalendarRow } from './calendar-connections.repository';
import type { ConnectionAdapters } from './connection-adapters';
import { CalendarUnverifiedError, LiveBusyCheck } from './live-busy-check.service';
import type { PushChannels } from './push-channels.service';
import type { SyncQueue } from './sync-queue';

/** The booking-time check alone, with in-memory fakes: which calendars it asks, and what it answers. */

const USER_ID = '33333333-3333-4333-8333-333333333333';
const at = (iso: string) => new Date(iso);
const meeting = { start: at('2026-12-01T09:00:00Z'), end: at('2026-12-01T10:00:00Z') };

function newTestCheck() {
  const connection = {
    id: 'conn',
    userId: USER_ID,
    status: 'active',
    pauseBookingWhenBroken: false,
  } as ConnectionRow;
  const calendar = {
    id: 'cal',
    externalId: 'ext',
    displayName: 'Cabinet',
    allDayBlocks: false,
  } as ExternalCalendarRow;
  const state = {
    connection,
    live: [] as LiveBusyRange[] | Error | 'hang',
    asked: 0,
    push: undefined as PushCapability | undefined,
    proven: false,
    ownUids: new Set<string>(),
    cached: [] as string[],
    synced: [] as string[],
  };
  const repository = {
    liveCheckCalendars: async () => [{ calendar, connection: state.connection, zone: 'Europe/Paris' }],
    ownUids: async (uids: string[]) => new Set(uids.filter((u) => state.ownUids.has(u))),
    cachedConflicts: async () => state.cached,
  };
  const adapters = {
    adapterOf: async () => ({
      push: state.push,
      fetchBusy: async () => {
        state.asked += 1;
        if (state.live === 'hang') return new Promise<never>(() => undefined);
        if (state.live instanceof Error) throw state.live;
        return state.live;
      },
    }),
  };
  const pushChannels = { isProven: async () => state.proven };
  const syncQueue = {
    enqueueSync: async (id: string) => {
      state.synced.push(id);
      return 1;
    },
    markChanged: async () => undefined,
  };
  const check = new LiveBusyCheck(
    repository as unknown as BusyTimesRepository,
    adapters as unknown as ConnectionAdapters,
    pushChannels as unknown as PushChannels,
    syncQueue as unknown as SyncQueue,
  );
  return { check, state };
}

describe('LiveBusyCheck', () => {
  it('asks a polled calendar live: its event refuses the slot and queues a sync; ours does not count', async () => {
    const { check, state } = newTestCheck();
    state.live = [{ ...meeting, uid: 'ours@rdv' }];
    state.ownUids.add('ours@rdv');
    await expect(check.atBooking(USER_ID, meeting.start, meeting.end)).resolves.toBe('free');
    state.live = [{ ...meeting, uid: 'theirs' }];
    await expect(check.atBooking(USER_ID, meeting.start, meeting.end)).resolves.toBe('busy');
    expect(state.synced).toEqual(['cal']);
    // Touching the slot's edge is not overlapping it.
    await expect(check.atBooking(USER_ID, meeting.end, at('2026-12-01T11:00:00Z'))).resolves.toBe('free');
  });

  it('trusts the cache of a calendar whose push channel is proven, and asks one that is not', async () => {
    const { check, state } = newTestCheck();
    state.push = { kind: 'any', renewMarginMs: 0, open: async () => ({ id: 'c', expiresAt: 0 }) };
    state.live = [{ ...meeting, uid: 'theirs' }];
    state.proven = true;
    await expect(check.atBooking(USER_ID, meeting.start, meeting.end)).resolves.toBe('free');
    expect(state.asked).toBe(0);
    state.proven = false;
    await expect(check.atBooking(USER_ID, meeting.start, meeting.end)).resolves.toBe('busy');
    expect(state.asked).toBe(1);
  });

  it('a provider error follows the professional’s choice: accept by default, refuse when they pause', async () => {
    const { check, state } = newTestCheck();
    state.live = new CalendarProviderError('503', 503);
    await expect(check.atBooking(USER_ID, meeting.start, meeting.end)).resolves.toBe('unverified_accepted');
    state.connection = { ...state.connection, pauseBookingWhenBroken: true };
    await expect(check.atBooking(USER_ID, meeting.start, meeting.end)).rejects.toBeInstanceOf(
      CalendarUnverifiedError,
    );
  });

  it('gives up on a provider that does not answer within 3 seconds', async () => {
    jest.useFakeTimers();
    try {
      const { check, state } = newTestCheck();
      state.live = 'hang';
      const answer = check.atBooking(USER_ID, meeting.start, meeting.end);
      await jest.advanceTimersByTimeAsync(3_000);
      await expect(answer).resolves.toBe('unverified_accepted');
    } finally {
      jest.useRealTimers();
    }
  });

  it('at validation, lists the calendars holding the time unless the professional confirms', async () => {
    const { check, state } = newTestCheck();
    state.cached = ['Perso'];
    state.live = [{ ...meeting, uid: 'theirs' }];
    await expect(
      check.assertNoConflictForProfessional(USER_ID, meeting.start, meeting.end, false),
    ).rejects.toThrow(
      'Vos calendriers « Perso », « Cabinet » ont un événement sur ce créneau : confirmez pour valider quand même.',
    );
    await expect(
      check.assertNoConflictForProfessional(USER_ID, meeting.start, meeting.end, true),
    ).resolves.toBeUndefined();
  });
});

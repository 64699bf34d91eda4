import {
  CalendarAuthError,
  CalendarProviderError,
  type CalendarProviderPort,
  type CalendarRef,
  type PushCapability,
  type SyncCursor,
  type SyncResult,
} from './calendar-provider.port';
import { ServerAddressForbiddenError } from './calendar-sync.errors';
import type { BusyTimesRepository } from './busy-times.repository';
import type {
  CalendarConnectionsRepository,
  ConnectionRow,
  ExternalCalendarRow,
} from './calendar-connections.repository';
import { CalendarSyncService } from './calendar-sync.service';
import type { ConnectionAdapters } from './connection-adapters';
import type { PushChannels } from './push-channels.service';
import type { SyncQueue } from './sync-queue';

/**
 * The sync engine alone, built with in-memory fakes of its repositories (one fake plays the connections and
 * the busy-times repository), adapters and push channels: what it caches, which cursor it sends, how it
 * reacts to each kind of provider failure.
 */

const CALENDAR_ID = '11111111-1111-4111-8111-111111111111';
const CONNECTION_ID = '22222222-2222-4222-8222-222222222222';
const USER_ID = '33333333-3333-4333-8333-333333333333';
const at = (iso: string) => new Date(iso);

/** The rows the engine reads and the busy cache it writes, in memory. */
class FakeRepository {
  connection = { id: CONNECTION_ID, userId: USER_ID, provider: 'caldav', status: 'active' } as ConnectionRow;
  calendar = {
    id: CALENDAR_ID,
    userId: USER_ID,
    connectionId: CONNECTION_ID,
    externalId: 'https://dav.example/cal/',
    useForBusy: true,
    allDayBlocks: false,
    syncCursor: null,
    ctag: null,
  } as unknown as ExternalCalendarRow;
  /** event key -> its busy ranges */
  busy = new Map<string, { start: Date; end: Date }[]>();
  failures: { status: string; message: string }[] = [];
  okCount = 0;

  async findCalendarForSync(calendarId: string) {
    if (calendarId !== this.calendar.id) return undefined;
    return { calendar: this.calendar, connection: this.connection, zone: 'Europe/Paris' };
  }
  async applySync(calendar: ExternalCalendarRow, _source: string, result: SyncResult, cursor: SyncCursor) {
    if (result.complete) this.busy.clear();
    for (const key of result.deletes) this.busy.delete(key);
    for (const event of result.upserts) this.busy.set(event.key, event.ranges);
    this.calendar = { ...calendar, syncCursor: cursor.token, ctag: cursor.ctag };
  }
  async markConnectionOk() {
    this.okCount += 1;
    this.connection = { ...this.connection, status: 'active' };
  }
  async markConnectionFailed(_id: string, status: ConnectionRow['status'], message: string) {
    this.failures.push({ status, message });
    this.connection = { ...this.connection, status };
  }
}

/** A provider scripted by the test: the answers of its next sync calls, the live busy ranges. */
class FakeProvider implements CalendarProviderPort {
  syncAnswers: Array<SyncResult | Error> = [];
  cursorsSeen: Array<SyncCursor | null> = [];
  push?: PushCapability;

  async listCalendars() {
    return [];
  }
  async sync(_calendar: CalendarRef, cursor: SyncCursor | null): Promise<SyncResult> {
    this.cursorsSeen.push(cursor);
    const answer = this.syncAnswers.shift();
    if (!answer) throw new Error('no scripted sync answer');
    if (answer instanceof Error) throw answer;
    return answer;
  }
  async fetchBusy(): Promise<never> {
    throw new Error('not used by the engine');
  }
  async createEvent(): Promise<never> {
    throw new Error('not used by the engine');
  }
  async updateEvent(): Promise<never> {
    throw new Error('not used by the engine');
  }
  async deleteEvent(): Promise<never> {
    throw new Error('not used by the engine');
  }
}

function result(partial: Partial<SyncResult>): SyncResult {
  return {
    upserts: [],
    deletes: [],
    nextCursor: { token: 'token-1', ctag: 'ctag-1' },
    complete: false,
    fullResyncNeeded: false,
    ...partial,
  };
}

/** The engine wired to fakes (as immich's newTestService): each test scripts them and reads them back. */
function newTestEngine() {
  const repository = new FakeRepository();
  const provider = new FakeProvider();
  let addressRefused = false;
  const adapters = {
    adapterOf: async (connection: ConnectionRow) => {
      if (addressRefused)
        throw new ServerAddressForbiddenError('elle désigne une machine interne', connection.id);
      return provider;
    },
  };
  const pushed: Array<{ calendarId: string; calendar: CalendarRef; kind: string }> = [];
  const pushChannels = {
    ensure: async (calendarId: string, calendar: CalendarRef, push: PushCapability) => {
      pushed.push({ calendarId, calendar, kind: push.kind });
    },
  };
  const changed: string[] = [];
  const syncQueue = { markChanged: async (calendarId: string) => void changed.push(calendarId) };
  const engine = new CalendarSyncService(
    repository as unknown as CalendarConnectionsRepository,
    repository as unknown as BusyTimesRepository,
    adapters as unknown as ConnectionAdapters,
    pushChannels as unknown as PushChannels,
    syncQueue as unknown as SyncQueue,
  );
  return { engine, repository, provider, pushed, changed, refuseAddress: () => (addressRefused = true) };
}

const meeting = { start: at('2026-12-01T09:00:00Z'), end: at('2026-12-01T10:00:00Z') };

describe('CalendarSyncService (the sync engine)', () => {
  it('lists everything on the first sync, then asks only for changes since the cursor it saved', async () => {
    const { engine, repository, provider, changed } = newTestEngine();
    provider.syncAnswers.push(
      result({ upserts: [{ key: 'a.ics', uid: 'a', ranges: [meeting] }], complete: true }),
      result({ deletes: ['a.ics'], nextCursor: { token: 'token-2', ctag: 'ctag-2' } }),
    );

    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('synced');
    expect(provider.cursorsSeen[0]).toBeNull();
    expect(repository.busy.get('a.ics')).toEqual([meeting]);

    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('synced');
    expect(provider.cursorsSeen[1]).toEqual({ token: 'token-1', ctag: 'ctag-1' });
    expect(repository.busy.size).toBe(0);
    expect(repository.calendar.syncCursor).toBe('token-2');
    expect(repository.okCount).toBe(2);
    // A change found by a polled sync makes the calendar polled faster for a while.
    expect(changed).toEqual([CALENDAR_ID]);
  });

  it('answers "unchanged" when the provider reports no change', async () => {
    const { engine, provider } = newTestEngine();
    provider.syncAnswers.push(result({}));
    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('unchanged');
  });

  it('starts over with a full listing when the provider refuses the cursor', async () => {
    const { engine, repository, provider } = newTestEngine();
    repository.calendar = { ...repository.calendar, syncCursor: 'forgotten', ctag: 'old' };
    repository.busy.set('gone.ics', [meeting]);
    provider.syncAnswers.push(
      result({ fullResyncNeeded: true }),
      result({ upserts: [{ key: 'b.ics', uid: 'b', ranges: [meeting] }], complete: true }),
    );
    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('synced');
    expect(provider.cursorsSeen).toEqual([{ token: 'forgotten', ctag: 'old' }, null]);
    expect([...repository.busy.keys()]).toEqual(['b.ics']);
  });

  it('marks the connection for reconnection when the credentials are refused, then skips it', async () => {
    const { engine, repository, provider } = newTestEngine();
    provider.syncAnswers.push(new CalendarAuthError('401'));
    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('needs_reauth');
    expect(repository.failures).toEqual([
      { status: 'needs_reauth', message: 'Le compte a refusé nos identifiants : reconnectez-le.' },
    ]);
    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('skipped');
    expect(provider.cursorsSeen).toHaveLength(1);
  });

  it('shows a provider outage on the connection and throws so the job is retried', async () => {
    const { engine, repository, provider } = newTestEngine();
    provider.syncAnswers.push(new CalendarProviderError('503', 503));
    await expect(engine.syncCalendar(CALENDAR_ID)).rejects.toThrow('503');
    expect(repository.failures).toEqual([
      { status: 'error', message: 'Le serveur de calendrier ne répond pas ; nouvel essai automatique.' },
    ]);
  });

  it('sends nothing to a server whose address is now refused, and does not retry', async () => {
    const { engine, repository, provider, refuseAddress } = newTestEngine();
    refuseAddress();
    await expect(engine.syncCalendar(CALENDAR_ID)).resolves.toBe('address_refused');
    expect(provider.cursorsSeen).toEqual([]);
    expect(repository.failures[0]!.message).toMatch(/^L’adresse du serveur CalDAV est refusée/);
  });

  it('keeps a push channel open only for a provider that has the capability', async () => {
    const { engine, provider, pushed } = newTestEngine();
    provider.syncAnswers.push(result({}), result({}));
    await engine.syncCalendar(CALENDAR_ID);
    expect(pushed).toEqual([]);

    provider.push = {
      kind: 'any-push',
      renewMarginMs: 1000,
      open: async () => ({ id: 'channel', expiresAt: Date.now() + 60_000 }),
    };
    await engine.syncCalendar(CALENDAR_ID);
    expect(pushed).toEqual([
      { calendarId: CALENDAR_ID, calendar: { externalId: 'https://dav.example/cal/' }, kind: 'any-push' },
    ]);
  });
});

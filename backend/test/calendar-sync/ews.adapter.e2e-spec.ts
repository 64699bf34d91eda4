import { CalendarAuthError, type SyncOptions } from '../../src/modules/calendar-sync/calendar-provider.port';
import { EwsAdapter } from '../../src/modules/calendar-sync/ews.adapter';
import { startEwsFake, type EwsFake } from '../support/ews-fake';

const options: SyncOptions = {
  allDayBlocks: false,
  zone: 'Europe/Paris',
  window: { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-12-01T00:00:00Z') },
};
const spans = (ranges: Array<{ start: Date; end: Date }>) =>
  ranges.map((r) => `${r.start.toISOString()}/${r.end.toISOString()}`);
const event = (uid: string, start: string, end: string) => ({
  uid,
  title: 'RDV Alice Durand - Consultation',
  description: 'Au cabinet',
  location: '12 rue de la Paix, Paris',
  start: new Date(start),
  end: new Date(end),
});

describe('EWS adapter through ews-javascript-api against a loopback Exchange (Basic)', () => {
  let exchange: EwsFake;
  let adapter: EwsAdapter;
  let calendar: { externalId: string };

  beforeAll(async () => {
    exchange = await startEwsFake({ username: 'CABINET\\camille', password: 'mot-de-passe', auth: 'basic' });
    adapter = new EwsAdapter(exchange.url, {
      username: 'CABINET\\camille',
      password: 'mot-de-passe',
      authMethod: 'basic',
    });
  });
  afterAll(() => exchange?.stop());

  it('lists the mailbox calendar (GetFolder), and a wrong password is an authentication failure', async () => {
    const calendars = await adapter.listCalendars();
    // The mailbox's calendar is the account's main one: it blocks slots from the connection on.
    expect(calendars).toEqual([
      { externalId: exchange.folderId, displayName: 'Calendrier', color: null, primary: true },
    ]);
    calendar = { externalId: calendars[0].externalId };
    const wrong = new EwsAdapter(exchange.url, {
      username: 'CABINET\\camille',
      password: 'faux',
      authMethod: 'basic',
    });
    await expect(wrong.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError);
  });

  it('blocks anything not Free, skips all-day events unless chosen, then asks only "anything changed?"', async () => {
    exchange.putItem({
      subject: 'Audience',
      start: '2026-12-07T09:00:00Z',
      end: '2026-12-07T10:00:00Z',
      freeBusy: 'Busy',
    });
    exchange.putItem({
      subject: 'Peut-être',
      start: '2026-12-07T13:00:00Z',
      end: '2026-12-07T14:00:00Z',
      freeBusy: 'Tentative',
    });
    exchange.putItem({
      subject: 'Absent',
      start: '2026-12-08T08:00:00Z',
      end: '2026-12-08T09:00:00Z',
      freeBusy: 'OOF',
    });
    exchange.putItem({
      subject: 'Ailleurs',
      start: '2026-12-08T10:00:00Z',
      end: '2026-12-08T11:00:00Z',
      freeBusy: 'WorkingElsewhere',
    });
    exchange.putItem({
      subject: 'Rappel',
      start: '2026-12-09T09:00:00Z',
      end: '2026-12-09T10:00:00Z',
      freeBusy: 'Free',
    });
    exchange.putItem({
      subject: 'Congés',
      start: '2026-12-10T00:00:00Z',
      end: '2026-12-11T00:00:00Z',
      freeBusy: 'Busy',
      isAllDay: true,
    });
    exchange.putItem({
      subject: 'Hors fenêtre',
      start: '2028-01-10T09:00:00Z',
      end: '2028-01-10T10:00:00Z',
      freeBusy: 'Busy',
    });

    const first = await adapter.sync(calendar, null, options);
    expect(first.complete).toBe(true);
    expect(spans(first.upserts.flatMap((u) => u.ranges)).sort()).toEqual([
      '2026-12-07T09:00:00.000Z/2026-12-07T10:00:00.000Z',
      '2026-12-07T13:00:00.000Z/2026-12-07T14:00:00.000Z',
      '2026-12-08T08:00:00.000Z/2026-12-08T09:00:00.000Z',
      '2026-12-08T10:00:00.000Z/2026-12-08T11:00:00.000Z',
    ]);
    expect(first.nextCursor.token).toEqual(expect.any(String));

    const withAllDay = await adapter.sync(calendar, null, { ...options, allDayBlocks: true });
    expect(spans(withAllDay.upserts.flatMap((u) => u.ranges))).toContain(
      '2026-12-10T00:00:00.000Z/2026-12-11T00:00:00.000Z',
    );

    // Nothing moved: one SyncFolderItems, no calendar view.
    exchange.operations.length = 0;
    const unchanged = await adapter.sync(calendar, first.nextCursor, options);
    expect(unchanged).toMatchObject({ upserts: [], complete: false, fullResyncNeeded: false });
    expect(exchange.operations.map((o) => o.name)).toEqual(['SyncFolderItems']);

    // A change: the window is read again, whole.
    const hearing = exchange.items().find((i) => i.subject === 'Audience')!;
    exchange.removeItem(hearing.id);
    const changed = await adapter.sync(calendar, unchanged.nextCursor, options);
    expect(changed.complete).toBe(true);
    expect(changed.upserts.map((u) => u.key)).not.toContain(hearing.id);

    // A sync state Exchange forgot: the engine is told to start again.
    exchange.forgetSyncStates();
    await expect(adapter.sync(calendar, changed.nextCursor, options)).resolves.toMatchObject({
      fullResyncNeeded: true,
    });
  });

  it('writes, moves and deletes an appointment without sending any invitation; create is idempotent', async () => {
    const written = await adapter.createEvent(
      calendar,
      event('RDV-1@rdv.test', '2026-12-14T09:00:00Z', '2026-12-14T10:00:00Z'),
    );
    expect(exchange.items().find((i) => i.id === written.ref)).toMatchObject({
      subject: 'RDV Alice Durand - Consultation',
      uid: 'RDV-1@rdv.test',
      start: '2026-12-14T09:00:00.000Z',
      end: '2026-12-14T10:00:00.000Z',
      location: '12 rue de la Paix, Paris',
      freeBusy: 'Busy',
    });
    // A retry after a lost answer finds the event by its UID: still one item.
    const again = await adapter.createEvent(
      calendar,
      event('RDV-1@rdv.test', '2026-12-14T09:00:00Z', '2026-12-14T10:00:00Z'),
    );
    expect(again.ref).toBe(written.ref);
    expect(exchange.items().filter((i) => i.uid === 'RDV-1@rdv.test')).toHaveLength(1);
    // Our own event carries its UID in the busy answer, so the engine can leave it out.
    const live = await adapter.fetchBusy(
      calendar,
      new Date('2026-12-14T00:00:00Z'),
      new Date('2026-12-15T00:00:00Z'),
      options,
    );
    expect(live).toEqual([expect.objectContaining({ uid: 'RDV-1@rdv.test' })]);

    const moved = await adapter.updateEvent(
      calendar,
      written,
      event('RDV-1@rdv.test', '2026-12-15T14:00:00Z', '2026-12-15T15:00:00Z'),
    );
    expect(moved.ref).toBe(written.ref);
    expect(exchange.items().find((i) => i.id === written.ref)).toMatchObject({
      start: '2026-12-15T14:00:00.000Z',
      end: '2026-12-15T15:00:00.000Z',
    });

    await adapter.deleteEvent(calendar, moved);
    expect(exchange.items().find((i) => i.id === written.ref)).toBeUndefined();
    // Deleting again (a retried job) is not an error; updating a deleted one writes it anew.
    await adapter.deleteEvent(calendar, moved);
    const rewritten = await adapter.updateEvent(
      calendar,
      moved,
      event('RDV-1@rdv.test', '2026-12-16T09:00:00Z', '2026-12-16T10:00:00Z'),
    );
    expect(exchange.items().find((i) => i.id === rewritten.ref)).toMatchObject({
      start: '2026-12-16T09:00:00.000Z',
    });

    const writes = exchange.operations.filter((o) =>
      ['CreateItem', 'UpdateItem', 'DeleteItem'].includes(o.name),
    );
    expect(writes.length).toBeGreaterThanOrEqual(4);
    expect(writes.every((o) => o.sendInvitations === 'SendToNone')).toBe(true);
  });
});

describe('EWS adapter with NTLM', () => {
  let exchange: EwsFake;
  afterAll(() => exchange?.stop());

  it('logs in with NTLMv2 (DOMAIN\\user), and a wrong password is an authentication failure', async () => {
    exchange = await startEwsFake({ username: 'CABINET\\camille', password: 'mot-de-passe', auth: 'ntlm' });
    const ntlm = new EwsAdapter(exchange.url, {
      username: 'CABINET\\camille',
      password: 'mot-de-passe',
      authMethod: 'ntlm',
    });
    await expect(ntlm.listCalendars()).resolves.toEqual([
      expect.objectContaining({ displayName: 'Calendrier' }),
    ]);
    const wrong = new EwsAdapter(exchange.url, {
      username: 'CABINET\\camille',
      password: 'faux',
      authMethod: 'ntlm',
    });
    await expect(wrong.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError);
    // Basic is refused by an NTLM-only server: also a refused login, not a server fault.
    const basic = new EwsAdapter(exchange.url, {
      username: 'CABINET\\camille',
      password: 'mot-de-passe',
      authMethod: 'basic',
    });
    await expect(basic.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError);
  });
});

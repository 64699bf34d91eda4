import { CalDavAdapter } from '../../src/modules/calendar-sync/caldav.adapter';
import type { SyncOptions } from '../../src/modules/calendar-sync/calendar-provider.port';
import { startRadicale, type RadicaleServer } from '../support/radicale';
import { parisProperty, vcalendar, vevent } from './ics-fixtures';

const options: SyncOptions = {
  allDayBlocks: true,
  zone: 'Europe/Paris',
  window: { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2027-10-01T00:00:00Z') },
};
const iso = (ranges: Array<{ start: Date; end: Date }>) =>
  ranges.map((r) => `${r.start.toISOString()}/${r.end.toISOString()}`);

// Listing, refused passwords and the live busy check are in provider-contract.e2e-spec.ts, with every provider.
describe('CalDAV adapter against a real Radicale server', () => {
  let radicale: RadicaleServer;
  let calendarUrl: string;
  let adapter: CalDavAdapter;

  beforeAll(async () => {
    radicale = await startRadicale({ maitre: 'secret-app-password' });
    calendarUrl = await radicale.makeCalendar('maitre', 'cabinet', 'Agenda du cabinet');
    adapter = new CalDavAdapter(radicale.url, { username: 'maitre', password: 'secret-app-password' });
  });
  afterAll(() => radicale?.stop());

  it('reads busy times fully, then only the changes (ctag, sync-collection with deletions), and restarts on a bad token', async () => {
    await radicale.putObject(
      'maitre',
      calendarUrl,
      'hearing.ics',
      vcalendar(
        vevent('hearing', [
          parisProperty('DTSTART', '20261019T1000'),
          parisProperty('DTEND', '20261019T1100'),
          'RRULE:FREQ=WEEKLY;COUNT=3',
          parisProperty('EXDATE', '20261026T1000'),
        ]),
      ),
    );
    await radicale.putObject(
      'maitre',
      calendarUrl,
      'free.ics',
      vcalendar(
        vevent('free', [
          parisProperty('DTSTART', '20261020T0900'),
          parisProperty('DTEND', '20261020T1000'),
          'TRANSP:TRANSPARENT',
        ]),
      ),
    );
    const calendar = { externalId: calendarUrl };
    const full = await adapter.sync(calendar, null, options);
    expect(full.complete).toBe(true);
    const byUid = Object.fromEntries(full.upserts.map((u) => [u.uid, iso(u.ranges)]));
    expect(byUid).toEqual({
      hearing: [
        '2026-10-19T08:00:00.000Z/2026-10-19T09:00:00.000Z',
        '2026-11-02T09:00:00.000Z/2026-11-02T10:00:00.000Z',
      ],
      free: [],
    });
    expect(full.nextCursor.token).toBeTruthy();

    const nothing = await adapter.sync(calendar, full.nextCursor, options);
    expect(nothing).toMatchObject({ upserts: [], deletes: [], complete: false, fullResyncNeeded: false });

    await radicale.deleteObject('maitre', `${calendarUrl}hearing.ics`);
    await radicale.putObject(
      'maitre',
      calendarUrl,
      'court.ics',
      vcalendar(
        vevent('court', [parisProperty('DTSTART', '20261105T1400'), parisProperty('DTEND', '20261105T1600')]),
      ),
    );
    const delta = await adapter.sync(calendar, full.nextCursor, options);
    expect(delta.complete).toBe(false);
    expect(delta.deletes).toEqual([`${calendarUrl}hearing.ics`]);
    expect(delta.upserts.map((u) => [u.key, iso(u.ranges)])).toEqual([
      [`${calendarUrl}court.ics`, ['2026-11-05T13:00:00.000Z/2026-11-05T15:00:00.000Z']],
    ]);

    const stale = await adapter.sync(
      calendar,
      { token: 'http://radicale.org/ns/sync/unknown', ctag: 'old' },
      options,
    );
    expect(stale.fullResyncNeeded).toBe(true);
  });

  it('writes an appointment once even when the write is retried, moves it over a remote edit, deletes it idempotently', async () => {
    const calendar = { externalId: calendarUrl };
    const event = {
      uid: 'ref-abc@rdv-avocat.test',
      title: 'RDV Avocat : Jeanne Martin',
      description: 'Consultation au cabinet',
      location: '1 rue de la Paix, Paris',
      start: new Date('2026-11-10T09:00:00Z'),
      end: new Date('2026-11-10T09:30:00Z'),
    };
    const written = await adapter.createEvent(calendar, event);
    const again = await adapter.createEvent(calendar, event);
    expect(again.ref).toBe(written.ref);
    expect(
      (await radicale.listObjects('maitre', calendarUrl)).filter((n) => n.startsWith('ref-abc')),
    ).toHaveLength(1);

    // Someone edits the event in their phone: our ETag is now stale (412), the move still lands.
    const current = await radicale.getObject('maitre', written.ref);
    await radicale.putObject(
      'maitre',
      calendarUrl,
      decodeURIComponent(written.ref.split('/').pop()!),
      current.body.replace('SUMMARY:', 'SUMMARY:(edité) '),
    );
    const moved = await adapter.updateEvent(calendar, written, {
      ...event,
      start: new Date('2026-11-12T14:00:00Z'),
      end: new Date('2026-11-12T14:30:00Z'),
    });
    const stored = await radicale.getObject('maitre', moved.ref);
    expect(stored.body).toContain('DTSTART:20261112T140000Z');
    expect(stored.body).toContain('UID:ref-abc@rdv-avocat.test');

    await adapter.deleteEvent(calendar, written);
    expect((await radicale.getObject('maitre', written.ref)).status).toBe(404);
    await expect(adapter.deleteEvent(calendar, moved)).resolves.toBeUndefined();
  });
});

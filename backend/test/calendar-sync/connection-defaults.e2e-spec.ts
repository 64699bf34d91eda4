import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DateTime } from 'luxon';
import request from 'supertest';
import { CalendarProviders } from '../../src/modules/calendar-sync/calendar-providers';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { createTestApp } from '../app';
import { mondayMorningAgenda } from './agenda-fixture';
import {
  bearer,
  createProfessional,
  nextWeekday,
  poolOf,
  type TestProfessional,
} from '../availability/availability-fixtures';
import { startGoogleFake, type GoogleFake } from '../support/google-fake';

const ZONE = 'Europe/Paris';
const local = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;
const CALLBACK_PATH = '/api/v1/calendar-oauth/callback';
const ACCOUNT = 'camille.martin@gmail.com';

interface CalendarJson {
  id: string;
  displayName: string;
  useForBusy: boolean;
  isWriteTarget: boolean;
  allDayBlocks: boolean;
}

describe('A connected calendar blocks from the first click; its all-day rule changes without a gap', () => {
  let app: NestFastifyApplication;
  let google: GoogleFake;
  let pro: TestProfessional;
  let motiveId: string;
  const monday = nextWeekday(1, 8);
  const http = () => request(app.getHttpServer());
  const startsOn = async (date: string) =>
    (
      await http()
        .get(`/api/v1/users/${pro.id}/slots?motiveId=${motiveId}&from=${date}&to=${date}`)
        .expect(200)
    ).body.slots.map((s: { start: string }) => s.start);
  const connections = async () =>
    (await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200))
      .body as Array<{ id: string; calendars: CalendarJson[] }>;

  beforeAll(async () => {
    google = await startGoogleFake({
      account: ACCOUNT,
      calendars: [
        { id: 'famille@group.calendar.google.com', summary: 'Famille' },
        { id: ACCOUNT, summary: 'Camille Martin' },
      ],
    });
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
        GOOGLE_CALENDAR_CLIENT_ID: 'rdv-test.apps.googleusercontent.com',
        GOOGLE_CALENDAR_CLIENT_SECRET: 'test-secret',
        GOOGLE_CALENDAR_REDIRECT_URI: `http://127.0.0.1${CALLBACK_PATH}`,
        PUBLIC_URL: 'http://app.test',
      },
    });
    app.get(CalendarProviders).googleEndpoints = google.endpoints;
    // The first sync opens a watch channel: Google's notifications need a listening API.
    await app.listen(0, '127.0.0.1');
    app.get(CalendarProviders).googleWebhookOverride =
      `${await app.getUrl()}/api/v1/calendar-sync/google/notifications`;
    pro = await createProfessional(app);
    motiveId = await mondayMorningAgenda(app, pro);
  });
  afterAll(async () => {
    await app?.close();
    await google?.stop();
  });

  it('connecting an account makes its primary calendar block (synced at once), the others wait for the lawyer', async () => {
    google.putEvent(ACCOUNT, {
      id: 'audience',
      summary: 'Audience TJ',
      start: { dateTime: local(monday, '10:00') },
      end: { dateTime: local(monday, '11:00') },
    });
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/google`)
      .set(bearer(pro.token))
      .expect(201);
    const back = new URL(google.consent(started.body.authorizationUrl));
    const landed = new URL((await http().get(`${CALLBACK_PATH}${back.search}`).expect(302)).headers.location);
    expect(landed.searchParams.get('calendrier')).toBe('connecte');

    const [connection] = await connections();
    // The primary calendar is listed second by Google here: the default follows "primary", not the order.
    expect(connection.calendars).toEqual([
      expect.objectContaining({ displayName: 'Camille Martin', useForBusy: true, isWriteTarget: false }),
      expect.objectContaining({ displayName: 'Famille', useForBusy: false, isWriteTarget: false }),
    ]);
    const primary = connection.calendars[0];
    // This professional's sync jobs only: the suites of a run share one database.
    const queued = await poolOf(app).query(
      `SELECT o.payload FROM outbox o JOIN external_calendars e ON e.id::text = o.payload->>'calendarId'
        WHERE o.queue = 'calendar-sync' AND o.job_name = 'calendar.sync' AND e.user_id = $1`,
      [pro.id],
    );
    expect(queued.rows.map((r) => r.payload)).toEqual([{ calendarId: primary.id }]);
    // What that job does: the hearing's slot leaves the public agenda without any switch touched.
    await expect(app.get(CalendarSyncService).syncCalendar(primary.id)).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '09:00'), local(monday, '11:00')]);
  });

  it('changing the all-day rule keeps the cached busy times until the next sync swaps them in one go', async () => {
    const [connection] = await connections();
    const primary = connection.calendars.find((c) => c.displayName === 'Camille Martin')!;
    google.putEvent(ACCOUNT, {
      id: 'seminaire',
      summary: 'Séminaire',
      start: { date: monday },
      end: { date: DateTime.fromISO(monday).plus({ days: 1 }).toISODate()! },
    });
    await app.get(CalendarSyncService).syncCalendar(primary.id);
    // All-day events block the whole day (the default): no slot on Monday.
    expect(await startsOn(monday)).toEqual([]);
    const cached = async () =>
      (
        await poolOf(app).query(
          'SELECT count(*)::int AS n FROM external_busy_times WHERE external_calendar_id = $1',
          [primary.id],
        )
      ).rows[0].n as number;
    const before = await cached();
    expect(before).toBe(2);

    const changed = await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connection.id}/calendars/${primary.id}`)
      .set(bearer(pro.token))
      .send({ allDayBlocks: false })
      .expect(200);
    expect(changed.body).toMatchObject({ allDayBlocks: false, useForBusy: true });
    // Between the choice and the sync it queued, nothing the calendar blocked is offered.
    expect(await cached()).toBe(before);
    expect(await startsOn(monday)).toEqual([]);

    // The sync (a full listing, the cursor was reset) replaces the ranges: the seminar no longer blocks,
    // the hearing still does.
    await expect(app.get(CalendarSyncService).syncCalendar(primary.id)).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '09:00'), local(monday, '11:00')]);
    expect(await cached()).toBe(1);
  });

  it('a calendar that stops blocking frees its slots at once', async () => {
    const [connection] = await connections();
    const primary = connection.calendars.find((c) => c.displayName === 'Camille Martin')!;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connection.id}/calendars/${primary.id}`)
      .set(bearer(pro.token))
      .send({ useForBusy: false })
      .expect(200);
    expect(await startsOn(monday)).toEqual([
      local(monday, '09:00'),
      local(monday, '10:00'),
      local(monday, '11:00'),
    ]);
  });

  it('reconnecting the same account keeps the calendars as the lawyer left them', async () => {
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/google`)
      .set(bearer(pro.token))
      .expect(201);
    const back = new URL(google.consent(started.body.authorizationUrl));
    await http().get(`${CALLBACK_PATH}${back.search}`).expect(302);
    const all = await connections();
    expect(all).toHaveLength(1);
    expect(all[0].calendars.map((c) => [c.displayName, c.useForBusy])).toEqual([
      ['Camille Martin', false],
      ['Famille', false],
    ]);
  });
});

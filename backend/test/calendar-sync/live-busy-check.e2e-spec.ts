import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { LiveBusyCheck } from '../../src/modules/calendar-sync/live-busy-check.service';
import { createTestApp } from '../app';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';
import { startEwsFake, type EwsFake } from '../support/ews-fake';
import { startRadicale, type RadicaleServer } from '../support/radicale';

/** the fixture motive lasts 30 minutes, as do its slots */
const SLOT = 30 * 60_000;
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
const stamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
const eventIcs = (uid: string, start: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//FR',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(plus(start, SLOT))}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/**
 * A booking never lands on a time the professional's own calendar holds: polled calendars (CalDAV, Exchange)
 * are asked live at booking, however fresh the last sync; a calendar that does not answer within 3 s follows
 * the professional's broken-calendar choice. Pages keep reading the cache.
 */
describe('Live busy check at booking (polled calendars)', () => {
  // Radicale, the EWS fake and the app start in beforeAll; each test waits on real servers (one on a 3 s limit).
  jest.setTimeout(90_000);
  let app: NestFastifyApplication;
  let pool: Pool;
  let radicale: RadicaleServer;
  let exchange: EwsFake;
  /** accepts connections and never answers: a provider that hangs */
  let silent: Server;
  let silentUrl: string;
  let attendee: TestAttendee;
  const http = () => request(app.getHttpServer());
  const book = (pro: TestProfessional, start: string) =>
    http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, start));

  /** Connects the account, makes its calendar block, and syncs it once: the cache is fresh. */
  async function connectBusy(
    pro: TestProfessional,
    path: 'caldav' | 'exchange',
    body: object,
  ): Promise<string> {
    const connected = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/${path}`)
      .set(bearer(pro.token))
      .send(body)
      .expect(201);
    const calendarId = connected.body.calendars[0].id;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connected.body.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('synced');
    return connected.body.id;
  }

  beforeAll(async () => {
    radicale = await startRadicale({ camille: 'app-password', dominique: 'app-password' });
    exchange = await startEwsFake({ username: 'CABINET\\camille', password: 'mot-de-passe', auth: 'basic' });
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    // CALDAV_ALLOW_PRIVATE: the servers listen on 127.0.0.1 over http (the development-only setting).
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `live:${randomBytes(32).toString('base64')}`,
        CALDAV_ALLOW_PRIVATE: 'true',
      },
    });
    pool = poolOf(app);
    attendee = await createAttendee(pool);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    silent?.closeAllConnections();
    await new Promise((resolve) => silent?.close(resolve));
    await exchange?.stop();
    await radicale?.stop();
  });

  it('CalDAV: an event put a moment ago refuses its slot (409 in French); deleted, the slot books (201)', async () => {
    const pro = await createProfessional(pool);
    const calendarUrl = await radicale.makeCalendar('camille', 'cabinet', 'Cabinet');
    await connectBusy(pro, 'caldav', {
      provider: 'caldav',
      serverUrl: radicale.url,
      username: 'camille',
      password: 'app-password',
    });
    const slots = await freeSlots(app, pro, 12);
    const hearing = await radicale.putObject(
      'camille',
      calendarUrl,
      'hearing.ics',
      eventIcs('hearing', slots[2]!),
    );
    // The pages keep the cache: the slot is still shown...
    expect(await freeSlots(app, pro, 12)).toContain(slots[2]);
    // ...but booking it asks the calendar and refuses.
    const refused = await book(pro, slots[2]!).expect(409);
    expect(refused.body).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: 'Ce créneau n’est pas proposé à la réservation, veuillez en choisir un autre',
    });
    await radicale.deleteObject('camille', hearing);
    const booked = await book(pro, slots[2]!).expect(201);
    expect(booked.body.calendarVerified).toBe(true);

    // Validating a pending request: an event that appeared since the booking is shown first...
    const pending = await book(pro, slots[6]!).expect(201);
    await radicale.putObject('camille', calendarUrl, 'lunch.ics', eventIcs('lunch', slots[6]!));
    const validate = () =>
      http().post(`/api/v1/events/${pending.body.id_event}/validate`).set(bearer(pro.token));
    const conflict = await validate().expect(409);
    expect(conflict.body).toMatchObject({
      code: 'CALENDAR_CONFLICT',
      message:
        'Votre calendrier « Cabinet » a un événement sur ce créneau : confirmez pour valider quand même.',
    });
    // ...and the professional may still confirm.
    const validated = await validate().send({ confirmConflict: true }).expect(200);
    expect(validated.body.event).toMatchObject({ status: 'confirmed' });
  });

  it('the professional’s own entry and move: an event put a moment ago is named (409), and they may confirm', async () => {
    const pro = await createProfessional(pool);
    const calendarUrl = await radicale.makeCalendar('camille', 'bureau', 'Bureau');
    await connectBusy(pro, 'caldav', {
      provider: 'caldav',
      serverUrl: radicale.url,
      username: 'camille',
      password: 'app-password',
    });
    const slots = await freeSlots(app, pro, 12);
    await radicale.putObject('camille', calendarUrl, 'rdv-tribunal.ics', eventIcs('tribunal', slots[3]!));
    const byHand = (confirmConflict?: boolean) =>
      http()
        .post(`/api/v1/users/${pro.id}/events`)
        .set(bearer(pro.token))
        .send({
          email: 'client.telephone@example.test',
          mode: 'phone',
          motive_id: pro.motiveId,
          start: slots[3],
          ...(confirmConflict === undefined ? {} : { confirmConflict }),
        });
    const conflict = await byHand().expect(409);
    expect(conflict.body).toMatchObject({
      code: 'CALENDAR_CONFLICT',
      message:
        'Votre calendrier « Bureau » a un événement sur ce créneau : confirmez pour valider quand même.',
    });
    const count = async () =>
      Number(
        (await pool.query('SELECT count(*) FROM appointments WHERE user_id = $1', [pro.id])).rows[0].count,
      );
    expect(await count()).toBe(0);
    const entered = await byHand(true).expect(201);
    expect(await count()).toBe(1);

    // Moving another appointment onto the same event: named first, moved once confirmed.
    const other = await book(pro, slots[8]!).expect(201);
    const move = (confirmConflict?: boolean) =>
      http()
        .post(`/api/v1/events/${other.body.id_event}/move`)
        .set(bearer(pro.token))
        .send({ start: plus(slots[3]!, SLOT), ...(confirmConflict ? { confirmConflict } : {}) });
    await radicale.putObject(
      'camille',
      calendarUrl,
      'rdv-notaire.ics',
      eventIcs('notaire', plus(slots[3]!, SLOT)),
    );
    expect((await move().expect(409)).body.code).toBe('CALENDAR_CONFLICT');
    const unmoved = await pool.query('SELECT starts_at FROM appointments WHERE id = $1', [
      other.body.id_event,
    ]);
    expect(unmoved.rows[0].starts_at.toISOString()).toBe(new Date(slots[8]!).toISOString());
    await move(true).expect(200);
    expect(entered.body.status).toBe('confirmed');
  });

  it('a sync that lands between the live check and the commit is seen under the agenda lock', async () => {
    const pro = await createProfessional(pool);
    await radicale.makeCalendar('camille', 'audiences', 'Audiences');
    await connectBusy(pro, 'caldav', {
      provider: 'caldav',
      serverUrl: radicale.url,
      username: 'camille',
      password: 'app-password',
    });
    const slots = await freeSlots(app, pro, 12);
    const check = app.get(LiveBusyCheck);
    const realCheck = check.atBooking.bind(check);
    // The calendar answers "free"; meanwhile the worker's sync writes the range it just learnt into the cache.
    const spy = jest.spyOn(check, 'atBooking').mockImplementation(async (userId, start, end) => {
      const answer = await realCheck(userId, start, end);
      await pool.query(
        `INSERT INTO external_busy_times (user_id, source, external_id, starts_at, ends_at, external_calendar_id)
         SELECT $1, 'caldav', 'landed-meanwhile', $2, $3, id FROM external_calendars WHERE user_id = $1 AND use_for_busy LIMIT 1`,
        [pro.id, start, end],
      );
      return answer;
    });
    try {
      const refused = await book(pro, slots[5]!).expect(409);
      expect(refused.body.code).toBe('SLOT_UNAVAILABLE');
    } finally {
      spy.mockRestore();
    }
  });

  it('Exchange: an appointment added a moment ago refuses its slot; removed, the slot books', async () => {
    const pro = await createProfessional(pool);
    await connectBusy(pro, 'exchange', {
      serverUrl: exchange.url,
      username: 'CABINET\\camille',
      password: 'mot-de-passe',
      authMethod: 'basic',
    });
    const slots = await freeSlots(app, pro, 12);
    const item = exchange.putItem({
      subject: 'Audience',
      start: slots[4]!,
      end: plus(slots[4]!, SLOT),
      freeBusy: 'Busy',
    });
    const refused = await book(pro, slots[4]!).expect(409);
    expect(refused.body.code).toBe('SLOT_UNAVAILABLE');
    exchange.removeItem(item.id);
    await book(pro, slots[4]!).expect(201);
  });

  it('a calendar that does not answer within 3 s follows the professional’s broken-calendar choice', async () => {
    const pro = await createProfessional(pool);
    await radicale.makeCalendar('dominique', 'cabinet', 'Cabinet');
    const connectionId = await connectBusy(pro, 'caldav', {
      provider: 'caldav',
      serverUrl: radicale.url,
      username: 'dominique',
      password: 'app-password',
    });
    // The server stops answering (same stored connection, now pointing at a server that hangs).
    await pool.query(`UPDATE calendar_connections SET server_url = $1 WHERE id = $2`, [
      silentUrl,
      connectionId,
    ]);
    await pool.query(`UPDATE external_calendars SET external_id = $1 WHERE connection_id = $2`, [
      `${silentUrl}/dominique/cabinet/`,
      connectionId,
    ]);
    const slots = await freeSlots(app, pro, 12);

    // Default choice: bookings go on while the calendar is unreachable.
    const started = Date.now();
    const accepted = await book(pro, slots[0]!).expect(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    // ...and the answer says the calendar could not be checked.
    expect(accepted.body.calendarVerified).toBe(false);

    // "Pause online booking while my calendar is broken": refused, and the answer says why.
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connectionId}`)
      .set(bearer(pro.token))
      .send({ pauseBookingWhenBroken: true })
      .expect(200);
    const paused = await book(pro, slots[3]!).expect(503);
    expect(paused.body).toMatchObject({
      code: 'CALENDAR_UNVERIFIED',
      message:
        'L’agenda du professionnel ne peut pas être vérifié pour le moment : la réservation en ligne est suspendue, réessayez dans quelques minutes.',
    });
  });
});

import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DateTime } from 'luxon';
import request from 'supertest';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { createTestApp } from '../app';
import { mondayMorningAgenda } from './agenda-fixture';
import {
  bearer,
  countQueries,
  createProfessional,
  nextWeekday,
  poolOf,
  type TestProfessional,
} from '../availability/availability-fixtures';
import { startRadicale, type RadicaleServer } from '../support/radicale';
import { vcalendar, vevent } from './ics-fixtures';

const ZONE = 'Europe/Paris';
const local = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;
const utcStamp = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");

describe('Calendar connections: a CalDAV account removes slots', () => {
  let app: NestFastifyApplication;
  let radicale: RadicaleServer;
  let pro: TestProfessional;
  let motiveId: string;
  let calendarUrl: string;
  const monday = nextWeekday(1, 8);
  const http = () => request(app.getHttpServer());
  const startsOn = async (date: string) =>
    (
      await http()
        .get(`/api/v1/users/${pro.id}/slots?motiveId=${motiveId}&from=${date}&to=${date}`)
        .expect(200)
    ).body.slots.map((s: { start: string }) => s.start);

  beforeAll(async () => {
    radicale = await startRadicale({ camille: 'mot-de-passe-app' });
    calendarUrl = await radicale.makeCalendar('camille', 'tribunal', 'Audiences');
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
        // The tests' Radicale listens on 127.0.0.1 over http: the development-only setting.
        CALDAV_ALLOW_PRIVATE: 'true',
      },
    });
    pro = await createProfessional(app);
    motiveId = await mondayMorningAgenda(app, pro);
  });
  afterAll(async () => {
    await app?.close();
    await radicale?.stop();
  });

  it('refuses a wrong password with a French message and stores nothing', async () => {
    const response = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/caldav`)
      .set(bearer(pro.token))
      .send({ provider: 'caldav', serverUrl: radicale.url, username: 'camille', password: 'faux' })
      .expect(400);
    expect(response.body).toMatchObject({ code: 'CALENDAR_CREDENTIALS_REFUSED' });
    expect(response.body.message).toMatch(/refusé l'identifiant ou le mot de passe/);
    const list = await http()
      .get(`/api/v1/users/${pro.id}/calendar-connections`)
      .set(bearer(pro.token))
      .expect(200);
    expect(list.body).toEqual([]);
  });

  it('answers 400 in French to a CalDAV connection without a server address', async () => {
    const response = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/caldav`)
      .set(bearer(pro.token))
      .send({ provider: 'caldav', username: 'camille', password: 'x' })
      .expect(400);
    expect(response.body.message).toBe("L'adresse du serveur CalDAV doit être une URL http(s)");
  });

  it("does not let a professional touch another's connections", async () => {
    const other = await createProfessional(app);
    await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(other.token)).expect(403);
  });

  it('connects the account, lists its calendars, and a busy calendar removes the slot of an external event', async () => {
    expect(await startsOn(monday)).toEqual([
      local(monday, '09:00'),
      local(monday, '10:00'),
      local(monday, '11:00'),
    ]);

    const connected = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/caldav`)
      .set(bearer(pro.token))
      .send({
        provider: 'caldav',
        serverUrl: radicale.url,
        username: 'camille',
        password: 'mot-de-passe-app',
      })
      .expect(201);
    expect(connected.body).toMatchObject({ provider: 'caldav', accountLabel: 'camille', status: 'active' });
    expect(connected.body.calendars).toEqual([
      // CalDAV has no primary calendar: the first listed blocks from the connection on.
      expect.objectContaining({ displayName: 'Audiences', useForBusy: true, isWriteTarget: false }),
    ]);
    // The password is sealed at rest: nothing readable in the row.
    const stored = await poolOf(app).query(
      'SELECT credentials_ciphertext, credentials_key_id FROM calendar_connections WHERE user_id = $1',
      [pro.id],
    );
    expect(stored.rows[0].credentials_key_id).toBe('test1');
    expect(Buffer.from(stored.rows[0].credentials_ciphertext, 'base64').toString('latin1')).not.toContain(
      'mot-de-passe-app',
    );

    await radicale.putObject(
      'camille',
      calendarUrl,
      'audience.ics',
      vcalendar(
        vevent('audience', [`DTSTART:${utcStamp(monday, '10:00')}`, `DTEND:${utcStamp(monday, '11:00')}`]),
      ),
    );
    const calendarId = connected.body.calendars[0].id;
    const chosen = await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connected.body.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    expect(chosen.body.useForBusy).toBe(true);
    const outbox = await poolOf(app).query(
      `SELECT payload FROM outbox WHERE queue = 'calendar-sync' AND job_name = 'calendar.sync'`,
    );
    expect(outbox.rows.map((r) => r.payload)).toContainEqual({ calendarId });

    // What the worker's job does:
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '09:00'), local(monday, '11:00')]);

    // Still one SQL round trip for a slot read.
    const { queries } = await countQueries(app, () => startsOn(monday));
    expect(queries).toBe(1);

    // The event is removed in the phone: the next (incremental) sync gives the slot back.
    await radicale.deleteObject('camille', `${calendarUrl}audience.ics`);
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('synced');
    expect(await startsOn(monday)).toHaveLength(3);
  });

  it('never blocks twice with an event we wrote ourselves', async () => {
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    const calendarId = connection.calendars[0].id;
    const ref = randomBytes(12).toString('base64url');
    const { rows } = await poolOf(app).query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, status, starts_at, ends_at)
       SELECT $1, $2, id, 'refused', $3, $4 FROM calendars WHERE user_id = $2 RETURNING id`,
      [ref, pro.id, local(monday, '09:00'), local(monday, '10:00')],
    );
    await poolOf(app).query(
      `INSERT INTO appointment_calendar_events (appointment_id, external_calendar_id, event_uid) VALUES ($1, $2, $3)`,
      [rows[0].id, calendarId, `${ref}@rdv.test`],
    );
    await radicale.putObject(
      'camille',
      calendarUrl,
      `${ref}.ics`,
      vcalendar(
        vevent(`${ref}@rdv.test`, [
          `DTSTART:${utcStamp(monday, '09:00')}`,
          `DTEND:${utcStamp(monday, '10:00')}`,
        ]),
      ),
    );
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    const flagged = await poolOf(app).query(
      'SELECT own_event FROM external_busy_times WHERE event_key LIKE $1',
      [`%${ref}.ics`],
    );
    expect(flagged.rows).toEqual([{ own_event: true }]);
    // the appointment here is refused (holds nothing), so the own event alone must leave 09:00 free
    expect(await startsOn(monday)).toContain(local(monday, '09:00'));
  });

  it('pauses online booking while a broken busy calendar says so, and disconnecting forgets everything', async () => {
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connection.id}`)
      .set(bearer(pro.token))
      .send({ pauseBookingWhenBroken: true })
      .expect(200);
    radicale.setPassword('camille', 'changed-on-the-phone');
    await radicale.putObject(
      'camille',
      calendarUrl,
      'new.ics',
      vcalendar(
        vevent('new', [`DTSTART:${utcStamp(monday, '11:00')}`, `DTEND:${utcStamp(monday, '11:30')}`]),
      ),
    );
    await expect(app.get(CalendarSyncService).syncCalendar(connection.calendars[0].id)).resolves.toBe(
      'needs_reauth',
    );
    const broken = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body[0];
    expect(broken).toMatchObject({ status: 'needs_reauth', lastError: expect.stringMatching(/reconnectez/) });
    expect(await startsOn(monday)).toEqual([]);

    await http()
      .delete(`/api/v1/users/${pro.id}/calendar-connections/${connection.id}`)
      .set(bearer(pro.token))
      .expect(204);
    const left = await poolOf(app).query(
      `SELECT (SELECT count(*) FROM calendar_connections WHERE user_id = $1)::int AS connections,
              (SELECT count(*) FROM external_busy_times WHERE user_id = $1)::int AS busy`,
      [pro.id],
    );
    expect(left.rows[0]).toEqual({ connections: 0, busy: 0 });
    expect(await startsOn(monday)).toHaveLength(3);
  });
});

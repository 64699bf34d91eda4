import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { TestingModule } from '@nestjs/testing';
import ICAL from 'ical.js';
import type { Pool } from 'pg';
import request from 'supertest';
import { CalendarSyncProcessor } from '../../src/modules/calendar-sync/calendar-sync.processor';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { QUEUES } from '../../src/queue/queue.constants';
import { QueueRegistry } from '../../src/queue/queue.registry';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  SmtpReceiver,
  type TestAttendee,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';
import { startRadicale, type RadicaleServer } from '../support/radicale';
import { startStack, type TestStack } from '../support/stack';

const CALENDAR_ENCRYPTION_KEYS = `wb:${randomBytes(32).toString('base64')}`;

describe('Write-back: validated appointments in the lawyer calendar (outbox -> calendar-sync worker -> CalDAV)', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let radicale: RadicaleServer;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  let calendarUrl: string;
  let slots: string[];
  const http = () => request(app.getHttpServer());
  const objects = () => radicale.listObjects('camille', calendarUrl);
  const eventOf = async (ref: string) =>
    radicale.getObject('camille', `${calendarUrl}${encodeURIComponent(`${ref}@localhost`)}.ics`);

  beforeAll(async () => {
    radicale = await startRadicale({ camille: 'app-password' });
    calendarUrl = await radicale.makeCalendar('camille', 'cabinet', 'Cabinet');
    // CALDAV_ALLOW_PRIVATE: the tests' Radicale listens on 127.0.0.1 over http (development-only setting).
    stack = await startStack({ CALENDAR_ENCRYPTION_KEYS, CALDAV_ALLOW_PRIVATE: 'true' });
    ({ app, worker, smtp } = stack);
    pool = poolOf(app);
    pro = await createProfessional(pool);
    attendee = await createAttendee(pool);
    slots = await freeSlots(app, pro, 12);
    const connected = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/caldav`)
      .set(bearer(pro.token))
      .send({ provider: 'caldav', serverUrl: radicale.url, username: 'camille', password: 'app-password' })
      .expect(201);
    await http()
      .patch(
        `/api/v1/users/${pro.id}/calendar-connections/${connected.body.id}/calendars/${connected.body.calendars[0].id}`,
      )
      .set(bearer(pro.token))
      .send({ isWriteTarget: true, useForBusy: true })
      .expect(200);
  });
  afterAll(async () => {
    await stack?.close();
    await radicale?.stop();
  });

  it('writes the appointment when validated, moves it, deletes it when cancelled; our own event never blocks our slots', async () => {
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[0]))
      .expect(201);
    const ref: string = booked.body.refAppointment;
    const id: string = booked.body._id;
    // awaiting validation: nothing written yet
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await objects()).toEqual([]);

    await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    await waitUntil(async () => (await objects()).length === 1);
    const written = await eventOf(ref);
    expect(written.status).toBe(200);
    expect(written.body).toContain(`UID:${ref}@localhost`);
    expect(written.body).toContain('SUMMARY:RDV Alice Durand');
    expect(written.body).toContain(
      `DTSTART:${new Date(slots[0]).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    );

    // The busy calendar now holds our own event: it is flagged, the slot is held once (by the appointment).
    const calendarId = (await pool.query('SELECT id FROM external_calendars WHERE user_id = $1', [pro.id]))
      .rows[0].id;
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    const cached = await pool.query('SELECT own_event FROM external_busy_times WHERE user_id = $1', [pro.id]);
    expect(cached.rows).toEqual([{ own_event: true }]);

    await http()
      .post(`/api/v1/events/${id}/move`)
      .set(bearer(pro.token))
      .send({ start: slots[2] })
      .expect(200);
    const movedStamp = `DTSTART:${new Date(slots[2]).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    await waitUntil(async () => (await eventOf(ref)).body.includes(movedStamp));
    expect(await objects()).toHaveLength(1);

    await http()
      .post(`/api/v1/events/${id}/cancel`)
      .set(bearer(pro.token))
      .send({ reason: 'Empêchement' })
      .expect(200);
    await waitUntil(async () => (await objects()).length === 0);
    expect((await eventOf(ref)).status).toBe(404);

    // The client's own copy goes too: the cancellation mail carries METHOD:CANCEL with the confirmation's UID.
    const icsOf = (subject: RegExp) => {
      const mail = smtp.to(attendee.email).find((m) => subject.test(m.subject ?? ''));
      const file = mail?.attachments.find((f) => f.contentType.startsWith('text/calendar'));
      return file ? new ICAL.Component(ICAL.parse(file.content.toString('utf8'))) : undefined;
    };
    await smtp.waitFor(() => smtp.to(attendee.email).some((m) => /annul/i.test(m.subject ?? '')));
    const cancel = icsOf(/annul/i)!;
    const confirmation = icsOf(/confirm/i)!;
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(
      confirmation.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid'),
    );
  });

  it('re-checks a stale cache live at booking time: an event added in the phone since the last sync refuses the slot', async () => {
    await pool.query(
      `UPDATE calendar_connections SET last_ok_at = now() - interval '1 hour' WHERE user_id = $1`,
      [pro.id],
    );
    const stamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    const end = new Date(new Date(slots[1]).getTime() + 30 * 60_000).toISOString();
    await radicale.putObject(
      'camille',
      calendarUrl,
      'hearing.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//FR',
        'BEGIN:VEVENT',
        'UID:hearing',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(slots[1])}`,
        `DTEND:${stamp(end)}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    // The cache does not know it yet: the slot is still offered...
    expect(await freeSlots(app, pro, 12)).toContain(slots[1]);
    // ...but booking it asks the calendar live and refuses, in French.
    const refused = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[1]))
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: expect.stringMatching(/^Ce créneau/),
    });
    // A fresh cache is trusted: no live call, the next slot books.
    await pool.query(`UPDATE calendar_connections SET last_ok_at = now() WHERE user_id = $1`, [pro.id]);
    await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[3]))
      .expect(201);
  });

  it('marks the connection needs_reauth and mails the lawyer once a day with a reconnect link', async () => {
    // The running worker's own syncs of this calendar are stopped and done first: the refused booking above marked
    // it changed, so the worker syncs it every 15 s, and a sync that met the new password before the call below
    // would leave it nothing to mark.
    worker.get(SchedulerRegistry).getCronJob('calendar-sync-active').stop();
    const syncQueue = worker.get(QueueRegistry).get(QUEUES.calendarSync);
    await waitUntil(async () => {
      const unsent = await pool.query(
        `SELECT count(*)::int AS n FROM outbox WHERE queue = 'calendar-sync' AND sent_at IS NULL`,
      );
      const counts = await syncQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return unsent.rows[0].n === 0 && Object.values(counts).every((n) => n === 0);
    });
    radicale.setPassword('camille', 'changed');
    const processor = worker.get(CalendarSyncProcessor);
    const calendarId = (await pool.query('SELECT id FROM external_calendars WHERE user_id = $1', [pro.id]))
      .rows[0].id;
    const job = { name: 'calendar.sync', data: { calendarId } } as never;
    await expect(processor.process(job)).resolves.toBe('needs_reauth');
    await smtp.waitFor(() => smtp.to(pro.email).some((m) => m.subject === 'Reconnectez votre calendrier'));
    const mail = smtp.to(pro.email).find((m) => m.subject === 'Reconnectez votre calendrier')!;
    expect(mail.text).toContain("n'accepte plus nos identifiants");
    expect(mail.text).toContain('http://localhost:3000/user/setting');
    // The connection's jobs stop; no second mail the same day.
    await expect(processor.process(job)).resolves.toBe('skipped');
    const status = await pool.query('SELECT status FROM calendar_connections WHERE user_id = $1', [pro.id]);
    expect(status.rows).toEqual([{ status: 'needs_reauth' }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(pro.email).filter((m) => m.subject === 'Reconnectez votre calendrier')).toHaveLength(1);
  });
});

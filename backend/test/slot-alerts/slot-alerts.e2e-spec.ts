import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { SlotAlertsScheduler } from '../../src/modules/slot-alerts/slot-alerts.worker';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import {
  createAttendee,
  createProfessional,
  poolOf,
  waitUntil,
  type TestProfessional,
} from '../support/fixtures';
import { SmsSender } from '../../src/modules/notifications';
import type { LogSmsSender } from '../../src/modules/notifications/sms-sender';
import { startStack, type TestStack } from '../support/stack';

/** A client waiting for an earlier slot is told when one frees up, once a day at most. */
describe('Earlier-slot alerts', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let pool: Pool;
  const http = () => request(app.getHttpServer());
  const scan = () => worker.get(SlotAlertsScheduler).scan();

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_URL: 'https://rdv.example' });
    ({ app, worker, smtp } = stack);
    pool = poolOf(app);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Paris date (YYYY-MM-DD) `days` from now, and its ISO weekday (1 = Monday). */
  const parisDay = (days: number) => {
    const date = new Date(Date.now() + days * 86_400_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
    const weekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    return { day, weekday };
  };

  /** Open only 10:00-11:00 on the day after tomorrow, and fully booked then. */
  async function fullyBookedProfessional(): Promise<{
    pro: TestProfessional;
    appointmentIds: string[];
    day: string;
  }> {
    const pro = await createProfessional(pool);
    const { day, weekday } = parisDay(2);
    await pool.query('DELETE FROM weekly_availabilities WHERE calendar_id = $1', [pro.calendarId]);
    await pool.query(
      `INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time) VALUES ($1, $2, '10:00', '11:00')`,
      [pro.calendarId, weekday],
    );
    const appointmentIds: string[] = [];
    for (const time of ['10:00', '10:30']) {
      const start = new Date(new Date(`${day}T${time}:00Z`).getTime() - parisOffsetMinutes(day) * 60_000);
      const { rows } = await pool.query(
        `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, status, starts_at, ends_at)
         VALUES ($1, $2, $3, $4, 'confirmed', $5, $6) RETURNING id`,
        [
          `ALERT${randomUUID()
            .replace(/[^a-f]/g, '')
            .toUpperCase()
            .slice(0, 13)
            .padEnd(13, 'C')}`,
          pro.id,
          pro.calendarId,
          pro.motiveId,
          start,
          new Date(start.getTime() + 30 * 60_000),
        ],
      );
      appointmentIds.push(rows[0].id);
    }
    return { pro, appointmentIds, day };
  }

  const parisOffsetMinutes = (day: string) => {
    const noon = new Date(`${day}T12:00:00Z`);
    const paris = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
    const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
    return Math.round((paris.getTime() - utc.getTime()) / 60_000);
  };

  it('tells the client of a slot freed by a cancellation, once a day, with a booking link and a way out', async () => {
    const { pro, appointmentIds, day } = await fullyBookedProfessional();
    const email = `attente-${randomUUID().slice(0, 8)}@example.test`;
    const before = `${parisDay(4).day}T09:00:00.000Z`;
    const asked = await http()
      .post(`/api/v1/users/${pro.id}/slot-alerts`)
      .send({ motive_id: pro.motiveId, email: email.toUpperCase(), before })
      .expect(201);
    expect(asked.body.message).toContain('nous vous écrirons si un créneau se libère plus tôt');

    expect(await scan()).toBe(0); // fully booked: nothing to tell
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[1]]);
    expect(await scan()).toBe(1);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Un créneau plus tôt avec Camille Martin');
    const link = /https:\/\/rdv\.example\/avocat\/[a-z0-9-]+\?creneau=([^\s]+)/.exec(mail.text ?? '');
    expect(decodeURIComponent(link![1])).toMatch(new RegExp(`^${day}T10:30:00\\+0[12]:00$`));
    // The link's slot books through the normal booking (and its no-double-booking guarantee).
    const client = await createAttendee(pool);
    const booked = await http()
      .post(`/api/v1/attendees/${client.id}/create-event`)
      .set('Authorization', `Bearer ${client.token}`)
      .send({
        user_id: pro.id,
        motive_id: pro.motiveId,
        mode: 'in_person',
        start: decodeURIComponent(link![1]),
      })
      .expect(201);
    expect(booked.body.refAppointment).toEqual(expect.any(String));
    await http()
      .post(`/api/v1/attendees/${client.id}/create-event`)
      .set('Authorization', `Bearer ${client.token}`)
      .send({
        user_id: pro.id,
        motive_id: pro.motiveId,
        mode: 'in_person',
        start: decodeURIComponent(link![1]),
      })
      .expect(409);

    // Once a day at most, however many scans run.
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[0]]);
    expect(await scan()).toBe(0);

    const token = decodeURIComponent(/\/alertes\/arreter\?token=([^\s]+)/.exec(mail.text ?? '')![1]);
    const stopped = await http().post('/api/v1/slot-alerts/cancel').send({ token }).expect(200);
    expect(stopped.body.message).toBe('Vous ne recevrez plus d’alerte pour ce rendez-vous.');
    await pool.query(`UPDATE slot_alerts SET last_alerted_at = now() - interval '2 days' WHERE email = $1`, [
      email,
    ]);
    expect(await scan()).toBe(0);
    await http().post('/api/v1/slot-alerts/cancel').send({ token: 'forged.token' }).expect(404);
  });

  it('refuses a past slot, another professional’s motive and bad input, in French', async () => {
    const pro = await createProfessional(pool);
    const other = await createProfessional(pool);
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const send = (body: object) => http().post(`/api/v1/users/${pro.id}/slot-alerts`).send(body);
    // Without a motive: the one the profile's next slots are of.
    await send({ email: 'sans-motif@example.test', before: future }).expect(201);
    const { rows } = await pool.query('SELECT motive_id FROM slot_alerts WHERE email = $1', [
      'sans-motif@example.test',
    ]);
    expect(rows).toEqual([{ motive_id: pro.motiveId }]);
    expect(
      (
        await send({
          motive_id: pro.motiveId,
          email: 'a@example.test',
          before: '2020-01-01T10:00:00.000Z',
        }).expect(400)
      ).body.message,
    ).toBe('Ce créneau est déjà passé');
    expect(
      (await send({ motive_id: other.motiveId, email: 'a@example.test', before: future }).expect(404)).body
        .code,
    ).toBe('MOTIVE_NOT_FOUND');
    expect(
      (await send({ motive_id: pro.motiveId, email: 'pas-un-email', before: future }).expect(400)).body
        .message,
    ).toBe('email must be an email');
    expect(
      (await send({ motive_id: pro.motiveId, email: 'a@example.test', before: 'demain' }).expect(400)).body
        .message,
    ).toBe('La date du créneau est invalide');
  });

  it('also sends an SMS to a signed-in client whose phone is verified', async () => {
    const { pro, appointmentIds } = await fullyBookedProfessional();
    const client = await createAttendee(pool);
    await http()
      .post(`/api/v1/users/${pro.id}/slot-alerts`)
      .set('Authorization', `Bearer ${client.token}`)
      .send({ email: client.email, before: `${parisDay(4).day}T09:00:00.000Z` })
      .expect(201);
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[0]]);
    // (other tests' alerts may be told in the same scan)
    expect(await scan()).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(client.email);
    const sms = worker.get(SmsSender) as LogSmsSender;
    await waitUntil(async () => sms.sent.some((message) => message.to === '+33612345678'));
    const text = sms.sent.filter((message) => message.to === '+33612345678').at(-1)!.text;
    expect(text).toContain('un créneau s’est libéré avec Camille Martin');
    expect(text).toContain('?creneau=');
  });
});

import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import {
  SLOT_ALERT_SCAN_LIMITS,
  SlotAlertsScheduler,
} from '../../src/modules/slot-alerts/slot-alerts.worker';
import { ONE_CLICK_BODY, unsubscribeHeaders } from '../unsubscribe/one-click';
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

/**
 * The client address of this file's subscriptions: other files of the run (the fuzz, the access matrix) spend
 * the loopback address's hourly budget.
 */
const OWN_CLIENT_ADDRESS = '198.51.100.30';

/** A client waiting for an earlier slot is told when one frees up, once a day at most. */
describe('Earlier-slot alerts', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let pool: Pool;
  const http = () => request(app.getHttpServer());
  const scan = () => worker.get(SlotAlertsScheduler).scan();
  /** A run of the scan without its sweep: only what changed and the alerts never checked. */
  const scanChanges = () =>
    worker.get(SlotAlertsScheduler).scan(new Date(), { ...SLOT_ALERT_SCAN_LIMITS, sweep: 0 });

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

  /** Opens the link of the confirmation mail sent to `email` (the `count`-th such mail). */
  async function confirmFromMail(email: string, count = 1) {
    const mail = await smtp.waitFor(email, count, undefined, 'Confirmez votre alerte créneau');
    const link = /https:\/\/rdv\.example\/alertes\/confirmer\?token=([^\s]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    return { token, answer: await http().post('/api/v1/slot-alerts/confirm').send({ token }) };
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
      .set('x-forwarded-for', OWN_CLIENT_ADDRESS)
      .send({ motive_id: pro.motiveId, email: email.toUpperCase(), before })
      .expect(201);
    expect(asked.body.message).toContain('Vérifiez votre boîte mail pour confirmer l’alerte');

    expect(await scan()).toBe(0); // fully booked: nothing to tell
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[1]]);
    expect(await scan()).toBe(0); // a slot is free, but the address has not confirmed yet
    const confirmed = (await confirmFromMail(email)).answer;
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toContain('Votre alerte est confirmée');
    expect(await scan()).toBe(1);
    const mail = await smtp.waitFor(email, 1, undefined, 'Un créneau plus tôt avec Camille Martin');
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

  /** A confirmed alert of the professional's first motive, for a slot before `parisDay(4)`. */
  async function confirmedAlert(pro: TestProfessional): Promise<string> {
    const { rows } = await pool.query(
      `INSERT INTO slot_alerts (user_id, motive_id, email, before, expires_at, confirmed_at)
       VALUES ($1, $2, $3, $4, $4, now()) RETURNING id`,
      [
        pro.id,
        pro.motiveId,
        `attend-${randomUUID().slice(0, 8)}@example.test`,
        `${parisDay(4).day}T09:00:00.000Z`,
      ],
    );
    return rows[0].id;
  }

  const toldAt = async (alertId: string): Promise<Date | null> =>
    (await pool.query('SELECT last_alerted_at FROM slot_alerts WHERE id = $1', [alertId])).rows[0]
      .last_alerted_at;
  const checkedAt = async (alertId: string): Promise<Date | null> =>
    (await pool.query('SELECT last_checked_at FROM slot_alerts WHERE id = $1', [alertId])).rows[0]
      .last_checked_at;

  /** Stands for a change no trigger sees (a day entering the motive's booking horizon): no mark is left. */
  const forgetMarks = (userId: string) =>
    pool.query('DELETE FROM slot_availability_changes WHERE user_id = $1', [userId]);

  it('a cancellation makes the waiting alert fire in the next scan; a booking marks nothing', async () => {
    const { pro, appointmentIds } = await fullyBookedProfessional();
    const alertId = await confirmedAlert(pro);
    await scanChanges();
    expect(await toldAt(alertId)).toBeNull(); // fully booked
    expect(await checkedAt(alertId)).not.toBeNull(); // a new alert is checked once, mark or not

    // booking the professional's other day frees nothing: no mark, nothing to recompute
    const client = await createAttendee(pool);
    const { day: later } = parisDay(9);
    await http()
      .post(`/api/v1/attendees/${client.id}/create-event`)
      .set('Authorization', `Bearer ${client.token}`)
      .send({
        user_id: pro.id,
        motive_id: pro.motiveId,
        mode: 'in_person',
        start: new Date(
          new Date(`${later}T10:00:00Z`).getTime() - parisOffsetMinutes(later) * 60_000,
        ).toISOString(),
      })
      .expect(201);
    expect(
      (await pool.query('SELECT 1 FROM slot_availability_changes WHERE user_id = $1', [pro.id])).rows,
    ).toEqual([]);

    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[0]]);
    await scanChanges();
    expect(await toldAt(alertId)).not.toBeNull();
    const email = (await pool.query('SELECT email FROM slot_alerts WHERE id = $1', [alertId])).rows[0].email;
    await smtp.waitFor(email, 1, undefined, 'Un créneau plus tôt avec Camille Martin');
    // the scan forgot the marks it handled
    expect(
      (await pool.query('SELECT 1 FROM slot_availability_changes WHERE user_id = $1', [pro.id])).rows,
    ).toEqual([]);
  });

  it('every change that can free a slot wakes the waiting alert: refusal, expiry, move, new hours, block removed', async () => {
    const { day } = parisDay(2);
    const block = [`${day}T06:00:00Z`, `${day}T12:00:00Z`];
    type Booked = Awaited<ReturnType<typeof fullyBookedProfessional>>;
    const changes: Array<{
      name: string;
      /** Blocks the day's hours once the appointments are gone (none: the appointments block it). */
      block?: (booked: Booked) => Promise<unknown>;
      free: (booked: Booked) => Promise<unknown>;
    }> = [
      {
        name: 'a request refused',
        free: async ({ appointmentIds }) => {
          await pool.query(`UPDATE appointments SET status = 'pending' WHERE id = $1`, [appointmentIds[1]]);
          await pool.query(`UPDATE appointments SET status = 'refused' WHERE id = $1`, [appointmentIds[1]]);
        },
      },
      {
        name: 'an unanswered request expired',
        free: async ({ appointmentIds }) => {
          await pool.query(`UPDATE appointments SET status = 'pending' WHERE id = $1`, [appointmentIds[1]]);
          await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[1]]);
        },
      },
      {
        name: 'an appointment moved a week later',
        free: ({ appointmentIds }) =>
          pool.query(
            `UPDATE appointments SET starts_at = starts_at + interval '7 days', ends_at = ends_at + interval '7 days' WHERE id = $1`,
            [appointmentIds[0]],
          ),
      },
      {
        name: 'new weekly hours',
        free: ({ pro }) =>
          pool.query(
            `INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time) VALUES ($1, $2, '14:00', '15:00')`,
            [pro.calendarId, parisDay(3).weekday],
          ),
      },
      {
        name: 'an unavailability removed',
        block: ({ pro }) =>
          pool.query('INSERT INTO unavailability_periods (user_id, starts_at, ends_at) VALUES ($1, $2, $3)', [
            pro.id,
            ...block,
          ]),
        free: ({ pro }) => pool.query('DELETE FROM unavailability_periods WHERE user_id = $1', [pro.id]),
      },
      {
        name: 'a holiday removed',
        block: ({ pro }) =>
          pool.query('INSERT INTO holiday_periods (user_id, starts_on, ends_on) VALUES ($1, $2, $2)', [
            pro.id,
            day,
          ]),
        free: ({ pro }) => pool.query('DELETE FROM holiday_periods WHERE user_id = $1', [pro.id]),
      },
      {
        name: 'a busy range removed by calendar sync',
        block: ({ pro }) =>
          pool.query(
            `INSERT INTO external_busy_times (user_id, source, external_id, starts_at, ends_at) VALUES ($1, 'caldav', 'evt-1', $2, $3)`,
            [pro.id, ...block],
          ),
        free: ({ pro }) => pool.query('DELETE FROM external_busy_times WHERE user_id = $1', [pro.id]),
      },
    ];
    for (const change of changes) {
      const booked = await fullyBookedProfessional();
      if (change.block) {
        await change.block(booked);
        await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = ANY($1)`, [
          booked.appointmentIds,
        ]);
      }
      const alertId = await confirmedAlert(booked.pro);
      await scanChanges();
      expect({ change: change.name, told: await toldAt(alertId) }).toEqual({
        change: change.name,
        told: null,
      });
      await change.free(booked);
      await scanChanges();
      expect({ change: change.name, told: (await toldAt(alertId)) !== null }).toEqual({
        change: change.name,
        told: true,
      });
    }
  });

  it('the change-driven scan leaves an unchanged professional’s alert alone; the sweep gets to it', async () => {
    const changed = await fullyBookedProfessional();
    const unchanged = await fullyBookedProfessional();
    const changedAlert = await confirmedAlert(changed.pro);
    const unchangedAlert = await confirmedAlert(unchanged.pro);
    await scanChanges();
    const checked = await checkedAt(unchangedAlert);
    expect(checked).not.toBeNull();

    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [
      unchanged.appointmentIds[0],
    ]);
    await forgetMarks(unchanged.pro.id);
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [
      changed.appointmentIds[0],
    ]);
    await scanChanges();
    expect(await toldAt(changedAlert)).not.toBeNull();
    expect(await toldAt(unchangedAlert)).toBeNull();
    expect(await checkedAt(unchangedAlert)).toEqual(checked); // not recomputed

    await scan(); // with its sweep: the alert checked longest ago comes round
    expect(await toldAt(unchangedAlert)).not.toBeNull();
  });

  it('no alert starves: with more never-firing alerts than one sweep, every alert is checked within (alerts / sweep) runs', async () => {
    const waiting: Array<{ pro: TestProfessional; appointmentIds: string[]; alertId: string }> = [];
    for (let i = 0; i < 7; i++) {
      const booked = await fullyBookedProfessional();
      waiting.push({ ...booked, alertId: await confirmedAlert(booked.pro) });
    }
    await scanChanges(); // all checked once, none fires
    for (const { alertId } of waiting) expect(await toldAt(alertId)).toBeNull();
    // The old scan read alerts in professional order: the last professional's alert was the one left out.
    const last = waiting.reduce((a, b) => (a.pro.id > b.pro.id ? a : b));
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [last.appointmentIds[0]]);
    await forgetMarks(last.pro.id);

    const sweep = 3;
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM slot_alerts WHERE cancelled_at IS NULL AND confirmed_at IS NOT NULL',
    );
    const runs = Math.ceil(rows[0].n / sweep);
    expect(runs).toBeGreaterThan(1); // more alerts than one sweep takes
    const start = new Date();
    for (let run = 0; run < runs; run++)
      await worker.get(SlotAlertsScheduler).scan(new Date(), { ...SLOT_ALERT_SCAN_LIMITS, sweep });
    const stale = await pool.query(
      `SELECT id FROM slot_alerts WHERE cancelled_at IS NULL AND confirmed_at IS NOT NULL
         AND (last_checked_at IS NULL OR last_checked_at < $1)`,
      [start],
    );
    expect(stale.rows).toEqual([]);
    expect(await toldAt(last.alertId)).not.toBeNull();
    for (const { alertId } of waiting.filter((w) => w !== last)) expect(await toldAt(alertId)).toBeNull();
  });

  it('the alert mail’s one-click unsubscribe (RFC 8058) stops the alert; GET only asks; a forged link changes nothing', async () => {
    const { pro, appointmentIds } = await fullyBookedProfessional();
    const email = `un-clic-${randomUUID().slice(0, 8)}@example.test`;
    await http()
      .post(`/api/v1/users/${pro.id}/slot-alerts`)
      .set('x-forwarded-for', OWN_CLIENT_ADDRESS)
      .send({ motive_id: pro.motiveId, email, before: `${parisDay(4).day}T09:00:00.000Z` })
      .expect(201);
    await confirmFromMail(email);
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[1]]);
    expect(await scan()).toBe(1);
    const mail = await smtp.waitFor(email, 1, undefined, 'Un créneau plus tôt avec Camille Martin');
    const { url, post } = unsubscribeHeaders(mail);
    expect(post).toBe('List-Unsubscribe=One-Click');
    expect(url.origin + url.pathname).toBe('https://rdv.example/api/v1/unsubscribe');
    const path = `${url.pathname}${url.search}`;
    const active = () =>
      pool
        .query(`SELECT count(*)::int AS n FROM slot_alerts WHERE email = $1 AND cancelled_at IS NULL`, [
          email,
        ])
        .then((r) => r.rows[0].n as number);

    // A link scanner's GET: a French page asking to confirm, the alert still on.
    const page = await http().get(path).expect(200);
    expect(page.text).toContain('Vous ne recevrez plus les alertes de créneau plus tôt pour ce rendez-vous.');
    expect(page.text).toContain('Confirmer la désinscription');
    expect(await active()).toBe(1);
    // A forged token: 400 in French, nothing stopped.
    const forged = path.replace(/token=([^&]+)/, (_m, t: string) => `token=${t.slice(0, -4)}AAAA`);
    const refused = await http()
      .post(forged)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(ONE_CLICK_BODY)
      .expect(400);
    expect(refused.body.message).toBe('Ce lien de désinscription n’est pas valide');
    expect((await http().get(forged).expect(400)).text).toContain(
      'Ce lien de désinscription n’est pas valide',
    );
    expect(await active()).toBe(1);

    // The mail client's one click: no login, no cookie.
    await http()
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(ONE_CLICK_BODY)
      .expect(200);
    expect(await active()).toBe(0);
    await pool.query(`UPDATE slot_alerts SET last_alerted_at = now() - interval '2 days' WHERE email = $1`, [
      email,
    ]);
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [appointmentIds[0]]);
    expect(await scan()).toBe(0);
  });

  it('refuses a past slot, another professional’s motive and bad input, in French', async () => {
    const pro = await createProfessional(pool);
    const other = await createProfessional(pool);
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const send = (body: object) =>
      http()
        .post(`/api/v1/users/${pro.id}/slot-alerts`)
        .set('x-forwarded-for', OWN_CLIENT_ADDRESS)
        .send(body);
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
      .set('x-forwarded-for', OWN_CLIENT_ADDRESS)
      .set('Authorization', `Bearer ${client.token}`)
      .send({ email: client.email, before: `${parisDay(4).day}T09:00:00.000Z` })
      .expect(201);
    expect((await confirmFromMail(client.email)).answer.status).toBe(200);
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

  it('mails nothing to an address that did not confirm, and forgets its alert after 48 hours', async () => {
    const { pro, appointmentIds } = await fullyBookedProfessional();
    const email = `victime-${randomUUID().slice(0, 8)}@example.test`;
    await http()
      .post(`/api/v1/users/${pro.id}/slot-alerts`)
      .set('x-forwarded-for', '198.51.100.40')
      .send({ email, before: `${parisDay(4).day}T09:00:00.000Z` })
      .expect(201);
    const { token } = await (async () => {
      const mail = await smtp.waitFor(email, 1, undefined, 'Confirmez votre alerte créneau');
      expect(mail.text).toContain('Si vous n’avez rien demandé, ignorez cet email.');
      return { token: decodeURIComponent(/\/alertes\/confirmer\?token=([^\s]+)/.exec(mail.text ?? '')![1]) };
    })();
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = ANY($1)`, [appointmentIds]);
    await scan();
    await worker.get(SlotAlertsScheduler).tick();
    // only the confirmation request reached the address
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(email).map((mail) => mail.subject)).toEqual(['Confirmez votre alerte créneau']);

    // 48 hours later the unconfirmed alert is gone, and its link with it
    await pool.query(`UPDATE slot_alerts SET created_at = now() - interval '49 hours' WHERE email = $1`, [
      email,
    ]);
    await worker.get(SlotAlertsScheduler).tick();
    expect((await pool.query('SELECT id FROM slot_alerts WHERE email = $1', [email])).rows).toEqual([]);
    const late = await http().post('/api/v1/slot-alerts/confirm').send({ token }).expect(404);
    expect(late.body.message).toBe('Ce lien est invalide ou a expiré.');
    // a stop link does not confirm, nor the reverse
    await http().post('/api/v1/slot-alerts/cancel').send({ token }).expect(404);
  });

  it('limits alerts per address (5) and subscriptions per client address (10 an hour), in French', async () => {
    const pro = await createProfessional(pool);
    const motives: string[] = [pro.motiveId];
    for (let i = 1; i < 7; i++) {
      const { rows } = await pool.query(
        `INSERT INTO motives (user_id, title, duration_minutes, position) VALUES ($1, $2, 30, $3) RETURNING id`,
        [pro.id, `Motif ${i}`, i],
      );
      motives.push(rows[0].id);
    }
    const email = `collection-${randomUUID().slice(0, 8)}@example.test`;
    const before = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const ask = (motive: string, address: string, ip: string) =>
      http()
        .post(`/api/v1/users/${pro.id}/slot-alerts`)
        .set('x-forwarded-for', ip)
        .send({ motive_id: motive, email: address, before });
    for (const motive of motives.slice(0, 5)) await ask(motive, email, '198.51.100.41').expect(201);
    const sixth = await ask(motives[5], email, '198.51.100.42').expect(429);
    expect(sixth.body).toMatchObject({
      code: 'TOO_MANY_SLOT_ALERTS',
      message: 'Vous suivez déjà 5 créneaux : annulez une alerte depuis ses emails.',
    });
    // asking again for one of them moves its date and does not count twice
    await ask(motives[0], email, '198.51.100.42').expect(201);
    // one client address: 10 subscriptions an hour, whatever the addresses typed
    for (let i = 0; i < 10; i++)
      await ask(pro.motiveId, `pluie-${i}-${randomUUID().slice(0, 6)}@example.test`, '198.51.100.43').expect(
        201,
      );
    const flood = await ask(
      pro.motiveId,
      `pluie-x-${randomUUID().slice(0, 6)}@example.test`,
      '198.51.100.43',
    ).expect(429);
    expect(flood.body.message).toBe('Trop de demandes depuis votre connexion. Veuillez réessayer plus tard.');
    expect(flood.headers['retry-after']).toEqual(expect.any(String));
  });
});

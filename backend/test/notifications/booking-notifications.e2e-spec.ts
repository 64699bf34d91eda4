import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Pool } from 'pg';
import request from 'supertest';
import { EventActionTokens } from '../../src/modules/identity/event-action-tokens';
import { IdempotencyCleanupScheduler } from '../../src/modules/idempotency';
import { ReminderScheduler } from '../../src/modules/booking/reminder.scheduler';
import { LogSmsSender, SmsSender } from '../../src/modules/notifications/sms-sender';
import { createTestApp } from '../app';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  SmtpReceiver,
  startWorker,
  type TestAttendee,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';

const icsOf = (mail: ParsedMail) =>
  mail.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'));

describe('Booking notifications (outbox -> BullMQ -> worker -> SMTP)', () => {
  // The chat tests' receiver listens on 127.0.0.1: allowed only by the explicit development setting.
  const workerEnv = () => ({ SMTP_URL: smtp.url, CHAT_WEBHOOK_ALLOW_PRIVATE: 'true' });
  let app: NestFastifyApplication;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let worker: TestingModule;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  let slots: string[];
  const copy = `secretariat-${randomUUID().slice(0, 8)}@example.test`;
  const http = () => request(app.getHttpServer());
  const book = (start: string, who: TestAttendee = attendee, extra: Record<string, unknown> = {}) =>
    http()
      .post(`/api/v1/attendees/${who.id}/create-event`)
      .set(bearer(who.token))
      .send(bookingBody(pro, start, extra))
      .expect(201);

  beforeAll(async () => {
    smtp = new SmtpReceiver();
    await smtp.start();
    app = await createTestApp({ env: { SMTP_URL: smtp.url } });
    pool = poolOf(app);
    worker = await startWorker(workerEnv());
    pro = await createProfessional(pool, { copyEmails: [copy] });
    attendee = await createAttendee(pool);
    slots = [...(await freeSlots(app, pro, 12)), ...(await freeSlots(app, pro, 13))];
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await smtp?.stop();
  });

  it('a request mails the professional (with validate / refuse links), the copy address and the attendee, in French', async () => {
    const booked = await book(slots[0]);
    await smtp.waitFor(
      () =>
        smtp.to(pro.email).length >= 1 && smtp.to(copy).length >= 1 && smtp.to(attendee.email).length >= 1,
    );
    const [toPro] = smtp.to(pro.email);
    expect(toPro.subject).toMatch(/^Nouvelle demande de rendez-vous le \S+ \d+ \S+ \d{4} à \d{2}h\d{2}$/);
    expect(toPro.text).toContain('Alice Durand demande un rendez-vous');
    expect(toPro.text).toContain('Motif : Première consultation');
    expect(toPro.text).toContain('Adresse : 12 rue de la Paix, 75002');
    expect(toPro.text).toMatch(
      /Valider le rendez-vous : http:\/\/localhost:3000\/user\/event-action\?token=[^&\s]+&action=validate/,
    );
    expect(toPro.html).toContain('Valider le rendez-vous');
    // Sent in the common layout: the site's header and the legal footer, in the HTML and the text part.
    expect(toPro.html).toContain('class="mail-header');
    expect(toPro.html).toContain('href="http://localhost:3000/mentions-legales"');
    expect(toPro.text).toContain('Mentions légales : http://localhost:3000/mentions-legales');
    expect(toPro.messageId).toMatch(/^<[0-9a-f]{40}@rdv-avocat\.fr>$/);
    expect(smtp.to(copy)[0].subject).toBe(toPro.subject);
    expect(smtp.to(attendee.email)[0].subject).toBe(
      'Votre demande de rendez-vous avec Camille Martin a bien été envoyée',
    );

    // The link of the mail validates the appointment (what /user/event-action does).
    const link = new URL(
      /(http:\/\/localhost:3000\/user\/event-action\S+action=validate)/.exec(toPro.text!)![1],
    );
    await http()
      .get('/api/v1/event-action')
      .query({ token: link.searchParams.get('token')!, action: 'validate' })
      .expect(200);
    await smtp.waitFor(() => smtp.to(attendee.email).some((m) => m.subject?.includes('est confirmé')));
    const confirmation = smtp.to(attendee.email).find((m) => m.subject?.includes('est confirmé'))!;
    expect(confirmation.text).toContain('Camille Martin a confirmé votre rendez-vous');
    expect(confirmation.text).toContain('Adresse : 12 rue de la Paix, 75002');
    expect(confirmation.text).toContain(`http://localhost:3000/appointments/${booked.body.refAppointment}`);
    const ics = icsOf(confirmation);
    expect(ics).toBeDefined();
    const vevent = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent(
      'vevent',
    )!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(slots[0]).toISOString());
    expect(String(vevent.getFirstPropertyValue('status'))).toBe('CONFIRMED');
  });

  it('names a professional who is "Mme" in the feminine in the client’s mail and the cancellation’s answer', async () => {
    await pool.query(`UPDATE users SET civility = 'Mme' WHERE id = $1`, [pro.id]);
    try {
      const before = smtp.to(attendee.email).length;
      // A day of its own: the other tests share out the slots of days 12 and 13.
      const booked = await book((await freeSlots(app, pro, 14))[0]);
      await smtp.waitFor(() => smtp.to(attendee.email).length > before);
      const sent = smtp.to(attendee.email).at(-1)!;
      expect(sent.subject).toBe('Votre demande de rendez-vous avec Camille Martin a bien été envoyée');
      expect(sent.text).toContain("dès que l'avocate l’aura validée");
      // The API's answer to the client's cancellation agrees too.
      const answer = await http()
        .post(`/api/v1/appointments/${booked.body.refAppointment}/cancel`)
        .send({})
        .expect(200);
      expect(answer.body.message).toBe("Le rendez-vous a bien été annulé et l'avocate a été informée");
    } finally {
      await pool.query(`UPDATE users SET civility = NULL WHERE id = $1`, [pro.id]);
    }
  });

  it('a visio appointment’s confirmation carries its meeting link', async () => {
    const booked = await book(slots[2], attendee, { mode: 'visio' });
    await http().post(`/api/v1/events/${booked.body.id_event}/validate`).set(bearer(pro.token)).expect(200);
    await smtp.waitFor(() => smtp.to(attendee.email).some((m) => m.text?.includes(booked.body.visioUrl)));
    const mail = smtp.to(attendee.email).find((m) => m.text?.includes(booked.body.visioUrl))!;
    expect(mail.text).toContain('Mode : en visio');
    expect(mail.text).toContain(`Lien visio : ${booked.body.visioUrl}`);
  });

  it('a refusal mails the attendee with the reason; a cancellation by the attendee mails both sides', async () => {
    const refused = await book(slots[4]);
    await http()
      .post(`/api/v1/events/${refused.body.id_event}/refuse`)
      .set(bearer(pro.token))
      .send({ reason: 'Dossier hors de mon domaine' })
      .expect(200);
    await smtp.waitFor(() =>
      smtp.to(attendee.email).some((m) => m.subject?.includes('n’a pas pu être acceptée')),
    );
    const refusal = smtp.to(attendee.email).find((m) => m.subject?.includes('n’a pas pu être acceptée'))!;
    expect(refusal.text).toContain('Motif : Dossier hors de mon domaine');
    expect(refusal.text).toContain('http://localhost:3000/avocat/camille-martin-');

    const cancelled = await book(slots[6]);
    const proMailsBefore = smtp.to(pro.email).length;
    const answer = await http()
      .post(`/api/v1/appointments/${cancelled.body.refAppointment}/cancel`)
      .send({})
      .expect(200);
    expect(answer.body.message).toBe("Le rendez-vous a bien été annulé et l'avocat a été informé");
    await smtp.waitFor(() =>
      smtp.to(pro.email).some((m, i) => i >= proMailsBefore && m.subject?.includes('annulé')),
    );
    const toPro = smtp
      .to(pro.email)
      .find((m) => m.subject?.startsWith('Rendez-vous du') && m.subject.includes('annulé'))!;
    expect(toPro.text).toContain('Alice Durand a annulé son rendez-vous');
    await smtp.waitFor(() => smtp.to(attendee.email).some((m) => m.subject?.includes('est annulé')));
    expect(smtp.to(attendee.email).find((m) => m.subject?.includes('est annulé'))!.text).toContain(
      'Vous avez annulé votre rendez-vous avec Camille Martin',
    );
  });

  it('asking for availabilities mails the attendee a link to /events-responses/{id_event}; the answer mails the professional', async () => {
    const booked = await book(slots[8]);
    await http()
      .post(`/api/v1/events/${booked.body.id_event}/request-availabilities`)
      .set(bearer(pro.token))
      .send({ message: 'Je suis absent ce jour-là' })
      .expect(200);
    await smtp.waitFor(() =>
      smtp.to(attendee.email).some((m) => m.subject === 'Camille Martin vous demande vos disponibilités'),
    );
    const mail = smtp
      .to(attendee.email)
      .find((m) => m.subject === 'Camille Martin vous demande vos disponibilités')!;
    expect(mail.text).toContain(
      `Indiquer mes disponibilités : http://localhost:3000/events-responses/${booked.body.id_event}`,
    );
    expect(mail.text).toContain('Message : Je suis absent ce jour-là');
    const start = new Date(slots[30]);
    await http()
      .post(`/api/v1/events-responses/${booked.body.id_event}`)
      .send({
        availabilities: [
          { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() },
        ],
      })
      .expect(200);
    await smtp.waitFor(() =>
      smtp.to(pro.email).some((m) => m.subject === 'Alice Durand a indiqué ses disponibilités'),
    );
    expect(
      smtp.to(pro.email).find((m) => m.subject === 'Alice Durand a indiqué ses disponibilités')!.text,
    ).toMatch(/- \S+ \d+ \S+ \d{4} de \d{2}h\d{2} à \d{2}h\d{2}/);
  });

  it('uses a template stored in mail_templates instead of the default', async () => {
    await pool.query(
      `INSERT INTO mail_templates (key, subject, html, text) VALUES ('appointment.refused.attendee', 'Refus : {{appointment.date}}', '<p>{{professional.name}} refuse le {{appointment.date}} : <a href="{{links.profile}}">autre créneau</a></p>', 'Désolé {{attendee.name}}, {{professional.name}} ne peut pas le {{appointment.date}}. {{links.profile}}')`,
    );
    try {
      const booked = await book(slots[10]);
      await http()
        .post(`/api/v1/events/${booked.body.id_event}/refuse`)
        .set(bearer(pro.token))
        .send({})
        .expect(200);
      await smtp.waitFor(() => smtp.to(attendee.email).some((m) => m.subject?.startsWith('Refus : ')));
      const [content, footer] = smtp
        .to(attendee.email)
        .find((m) => m.subject?.startsWith('Refus : '))!
        .text!.split('\n\n--\n');
      // The stored template's text, then the common layout's footer.
      expect(content.trim()).toMatch(
        /^Désolé Alice Durand, .+ ne peut pas le \S+ \d+ \S+ \d{4}\. http:\/\/\S+$/,
      );
      expect(footer).toMatch(/^Ce message vous est envoyé automatiquement par RDV Avocat\./);
    } finally {
      await pool.query(`DELETE FROM mail_templates WHERE key = 'appointment.refused.attendee'`);
    }
  });

  it('sends the default instead of a stored template that breaks the rules (subject "24:61", body "NaN")', async () => {
    await pool.query(
      `INSERT INTO mail_templates (key, subject, html, text) VALUES ('appointment.refused.attendee', '24:61', 'NaN', 'NaN')`,
    );
    try {
      const booked = await book(slots[28]);
      await http()
        .post(`/api/v1/events/${booked.body.id_event}/refuse`)
        .set(bearer(pro.token))
        .send({})
        .expect(200);
      const isDefault = (subject?: string) =>
        /^Votre demande de rendez-vous du .+ n’a pas pu être acceptée$/.test(subject ?? '');
      await smtp.waitFor(() => smtp.to(attendee.email).filter((m) => isDefault(m.subject)).length > 0);
      expect(smtp.to(attendee.email).some((m) => m.subject === '24:61')).toBe(false);
      expect(smtp.to(attendee.email).some((m) => m.text?.trim() === 'NaN')).toBe(false);
    } finally {
      await pool.query(`DELETE FROM mail_templates WHERE key = 'appointment.refused.attendee'`);
    }
  });

  it('the reminder cron sends one mail and one SMS per appointment, the day before, however often it runs', async () => {
    const other = await createAttendee(pool);
    const startsAt = new Date(Date.now() + 5 * 3_600_000);
    startsAt.setUTCSeconds(0, 0);
    const inserted = await pool.query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, status, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, 'confirmed', $6, $7) RETURNING id`,
      [
        `REMIND${randomUUID()
          .replace(/-/g, '')
          .slice(0, 14)
          .toUpperCase()
          .replace(/[0-18-9]/g, 'A')}`,
        pro.id,
        pro.calendarId,
        pro.motiveId,
        other.id,
        startsAt,
        new Date(startsAt.getTime() + 1_800_000),
      ],
    );
    const scheduler = worker.get(ReminderScheduler);
    expect(await scheduler.scan()).toBeGreaterThanOrEqual(1);
    expect(await scheduler.scan()).toBe(0);
    await smtp.waitFor(() => smtp.to(other.email).length >= 1);
    const [mail] = smtp.to(other.email);
    expect(mail.subject).toMatch(/^Rappel : rendez-vous avec Camille Martin le /);
    const sms = worker.get<LogSmsSender>(SmsSender);
    await waitUntil(async () =>
      sms.sent.some(
        (s) => s.to === '+33612345678' && s.text.includes('rappel de votre rendez-vous avec Camille Martin'),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.to(other.email)).toHaveLength(1);
    const deliveries = await pool.query(
      `SELECT channel, status FROM notification_deliveries WHERE appointment_id = $1 ORDER BY channel`,
      [inserted.rows[0].id],
    );
    expect(deliveries.rows).toEqual([
      { channel: 'mail', status: 'sent' },
      { channel: 'sms', status: 'sent' },
    ]);
  });

  it('a job retried after a failed send sends each mail once: what went out is not sent again', async () => {
    const other = await createAttendee(pool);
    let rejected = 0;
    smtp.beforeAccept = (mail) => {
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (to?.value[0].address === other.email && rejected === 0) {
        rejected++;
        throw new Error('451 temporary failure');
      }
    };
    const proBefore = smtp.to(pro.email).length;
    try {
      const booked = await book(slots[12], other);
      await smtp.waitFor(() => smtp.to(other.email).length >= 1, 20_000);
      expect(rejected).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(smtp.to(other.email)).toHaveLength(1);
      const proMails = smtp
        .to(pro.email)
        .slice(proBefore)
        .filter((m) => m.text?.includes('Alice Durand demande') && m.subject?.includes('Nouvelle demande'));
      expect(proMails.length).toBe(1);
      const attempts = await pool.query(
        `SELECT recipient, attempts, status FROM notification_deliveries WHERE appointment_id = $1 AND recipient = $2`,
        [booked.body.id_event, other.email],
      );
      expect(attempts.rows).toEqual([{ recipient: other.email, attempts: 2, status: 'sent' }]);
    } finally {
      smtp.beforeAccept = undefined;
    }
  });

  it('Redis stopped during bookings loses no mail: the outbox keeps the jobs and delivers them after recovery', async () => {
    // A Redis of our own that we can stop and restart, with a worker on it.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const startRedis = async () => {
      const child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      await waitUntil(async () => {
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        }
      });
      probe.disconnect();
      return child;
    };
    await worker.close();
    let redis = await startRedis();
    const ownWorker = await startWorker({ SMTP_URL: smtp.url, REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      const others = await Promise.all([createAttendee(pool), createAttendee(pool), createAttendee(pool)]);
      const booked = [];
      for (const [i, who] of others.entries()) booked.push(await book(slots[14 + 2 * i], who));
      const ids = booked.map((b) => b.body.id_event as string);
      await waitUntil(async () => {
        const rows = await pool.query(
          `SELECT count(*)::int AS n FROM outbox WHERE payload->>'appointmentId' = ANY($1) AND sent_at IS NULL AND last_error IS NOT NULL`,
          [ids],
        );
        return rows.rows[0].n === 3;
      }, 20_000);
      expect(others.flatMap((who) => smtp.to(who.email))).toHaveLength(0);

      redis = await startRedis();
      await smtp.waitFor(() => others.every((who) => smtp.to(who.email).length === 1), 30_000);
      const unsent = async () =>
        (
          await pool.query(
            `SELECT count(*)::int AS n FROM outbox WHERE payload->>'appointmentId' = ANY($1) AND sent_at IS NULL`,
            [ids],
          )
        ).rows[0].n as number;
      // The bookings' other jobs wait out their own retry delay: the clients' mails can arrive first (3 rows were
      // still waiting in one CI run). Every job is delivered, none lost, within the wait.
      await waitUntil(async () => (await unsent()) === 0, 20_000).catch(() => undefined);
      expect(await unsent()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const who of others) expect(smtp.to(who.email)).toHaveLength(1);
    } finally {
      await ownWorker.close();
      redis.kill('SIGKILL');
      worker = await startWorker(workerEnv());
    }
  }, 90_000);

  it('posts `{ text }` to the office’s team messaging webhook, with the default or the office’s template', async () => {
    const received: unknown[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ contentType: req.headers['content-type'], body: JSON.parse(body) as unknown });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/abc`;
    try {
      await pool.query(`INSERT INTO team_chat_settings (team_id, webhook_url) VALUES ($1, $2)`, [
        pro.teamId,
        url,
      ]);
      await book(slots[24]);
      await waitUntil(async () => received.length === 1);
      expect(received[0]).toMatchObject({
        contentType: 'application/json',
        body: {
          text: expect.stringMatching(
            /^Nouvelle demande de rendez-vous pour Camille Martin : Alice Durand, \S+ \d+ \S+ \d{4} à \d{2}h\d{2} \(au cabinet, Première consultation\)\. À valider : http:\/\/localhost:3000\/user\/events$/,
          ),
        },
      });
      await pool.query(
        `UPDATE team_chat_settings SET message_template = 'RDV {{attendee.name}} {{appointment.time}}' WHERE team_id = $1`,
        [pro.teamId],
      );
      await book(slots[26]);
      await waitUntil(async () => received.length === 2);
      expect((received[1] as { body: { text: string } }).body.text).toMatch(/^RDV Alice Durand \d{2}h\d{2}$/);
    } finally {
      await pool.query(`DELETE FROM team_chat_settings WHERE team_id = $1`, [pro.teamId]);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a colleague’s chat message carries no bearer link, even from a template stored with them; the professional’s mail does', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push((JSON.parse(body) as { text: string }).text);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/office`;
    try {
      // Stored before templates were checked on save (the API now refuses it with a 400).
      await pool.query(
        `INSERT INTO team_chat_settings (team_id, webhook_url, message_template) VALUES ($1, $2, $3)`,
        [
          pro.teamId,
          url,
          'V[{{links.validate}}] R[{{links.refuse}}] A[{{links.appointment}}] E[{{links.eventsResponses}}] W[{{#with links}}{{validate}}{{/with}}] L[{{links.userEvents}}]',
        ],
      );
      const mailsBefore = smtp.to(pro.email).length;
      await book(slots[28]);
      await waitUntil(async () => received.length === 1);
      expect(received[0]).toBe('V[] R[] A[] E[] W[] L[http://localhost:3000/user/events]');
      expect(received[0]).not.toMatch(/token=/);
      await smtp.waitFor(() => smtp.to(pro.email).length > mailsBefore);
      expect(smtp.to(pro.email).at(-1)!.text).toMatch(/event-action\?token=[^&\s]+&action=validate/);
    } finally {
      await pool.query(`DELETE FROM team_chat_settings WHERE team_id = $1`, [pro.teamId]);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('forgets Idempotency-Key answers after a day (hourly clean-up)', async () => {
    await pool.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, created_at)
       VALUES ('attendee:x:create-event', 'old-key-1', 'h', 201, '{}', now() - interval '25 hours'),
              ('attendee:x:create-event', 'new-key-1', 'h', 201, '{}', now() - interval '1 hour')`,
    );
    expect(await worker.get(IdempotencyCleanupScheduler).purge()).toBeGreaterThanOrEqual(1);
    const left = await pool.query(`SELECT key FROM idempotency_keys WHERE scope = 'attendee:x:create-event'`);
    expect(left.rows).toEqual([{ key: 'new-key-1' }]);
  });

  it('signed links are the only way in: a token for one appointment cannot act on another', async () => {
    const a = await book(slots[20]);
    const b = await book(slots[22]);
    const tokens = new EventActionTokens(process.env.JWT_SECRET!);
    const token = tokens.sign(a.body.id_event, 'validate');
    await http().get('/api/v1/event-action').query({ token, action: 'validate' }).expect(200);
    const event = await http().get(`/api/v1/appointments/${b.body.refAppointment}`).expect(200);
    expect(event.body.status).toBe('pending');
  });
});

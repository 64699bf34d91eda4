import { outboxJobId } from '../../src/modules/outbox/outbox.relay';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import request from 'supertest';
import { NotificationsProcessor } from '../../src/modules/notifications/notifications.processor';
import { redisOptionsFromUrl } from '../../src/redis/redis.module';
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
  waitUntil,
} from '../support/fixtures';

const BACKEND = join(__dirname, '..', '..');

/** The real worker entry point (src/main.worker.ts) in a child process, killable with SIGKILL. */
function spawnWorker(env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--require', join(BACKEND, 'test/support/swc-register.js'), join(BACKEND, 'src/main.worker.ts')],
    {
      cwd: BACKEND,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
}

describe('Worker killed in the middle of a notification job', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let child: ChildProcess | undefined;
  let worker: TestingModule | undefined;
  let queue: Queue | undefined;

  beforeAll(async () => {
    smtp = new SmtpReceiver();
    await smtp.start();
    app = await createTestApp({ env: { SMTP_URL: smtp.url } });
    pool = poolOf(app);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await queue?.close();
    await worker?.close();
    await app?.close();
    await smtp?.stop();
  });

  it('sends no duplicate: mails that went out are not resent, the one cut off is sent once by the retry', async () => {
    const pro = await createProfessional(pool);
    const attendee = await createAttendee(pool);
    const [start] = await freeSlots(app, pro, 15);

    // The attendee's mail hangs in the SMTP DATA phase until the worker is dead, then is refused (never delivered).
    let release: ((error: Error) => void) | undefined;
    smtp.beforeAccept = (mail) => {
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (to?.value[0].address === attendee.email && !release) {
        return new Promise<void>((_resolve, reject) => (release = reject));
      }
    };

    // A long lease, so that a slow machine starting the next worker cannot outlive it; the test ends it below.
    child = spawnWorker({ SMTP_URL: smtp.url, NOTIFICATION_LEASE_SECONDS: '600', LOG_LEVEL: 'silent' });
    const booked = await request(app.getHttpServer())
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, start))
      .expect(201);

    // The professional's mail went out and the attendee's is in flight: kill -9 the worker now.
    await smtp.waitFor(() => smtp.to(pro.email).length === 1 && release !== undefined, 45_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    release!(new Error('421 connection lost'));
    expect(smtp.to(attendee.email)).toHaveLength(0);

    const outbox = await pool.query(
      `SELECT id, created_at FROM outbox WHERE payload->>'appointmentId' = $1 AND payload->>'event' = 'requested'`,
      [booked.body.id_event],
    );
    const jobId = outboxJobId({ id: Number(outbox.rows[0].id), createdAt: outbox.rows[0].created_at });
    const processed = await pool.query(`SELECT count(*)::int AS n FROM processed_jobs WHERE job_key = $1`, [
      `notifications:${jobId}`,
    ]);
    expect(processed.rows[0].n).toBe(0);

    // BullMQ hands a stalled job (its worker died holding the lock) to another worker: do that now.
    worker = await startWorker({ SMTP_URL: smtp.url, NOTIFICATION_LEASE_SECONDS: '2' });
    queue = new Queue('notifications', {
      connection: { ...redisOptionsFromUrl(process.env.REDIS_URL!), maxRetriesPerRequest: null },
      prefix: process.env.QUEUE_PREFIX,
    });
    const job = await queue.getJob(jobId);
    expect(job).toBeDefined();
    const processor = worker.get(NotificationsProcessor);
    // While the dead attempt's lease runs, a retry does not send (it cannot know whether the mail left).
    await expect(processor.process(job!)).rejects.toThrow(/in flight/);
    // The dead attempt's lease runs out (the clock moved on by the lease's length).
    await pool.query(
      `UPDATE notification_deliveries SET lease_until = now() - interval '1 second' WHERE appointment_id = $1 AND status = 'sending'`,
      [booked.body.id_event],
    );
    await expect(processor.process(job!)).resolves.toBe('processed');
    await expect(processor.process(job!)).resolves.toBe('duplicate');

    await smtp.waitFor(() => smtp.to(attendee.email).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(attendee.email)).toHaveLength(1);
    expect(smtp.to(pro.email)).toHaveLength(1);
    const deliveries = await pool.query(
      `SELECT recipient, status, attempts FROM notification_deliveries WHERE appointment_id = $1 ORDER BY recipient`,
      [booked.body.id_event],
    );
    expect(deliveries.rows).toEqual(
      [
        { recipient: attendee.email, status: 'sent', attempts: 2 },
        { recipient: pro.email, status: 'sent', attempts: 1 },
      ].sort((a, b) => (a.recipient < b.recipient ? -1 : 1)),
    );
    await waitUntil(
      async () =>
        (await pool.query(`SELECT 1 FROM processed_jobs WHERE job_key = $1`, [`notifications:${jobId}`])).rows
          .length === 1,
    );
  }, 90_000);
});

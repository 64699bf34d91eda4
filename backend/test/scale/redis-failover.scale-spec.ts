import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import request from 'supertest';
import { REDIS } from '../../src/redis/redis.module';
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
} from '../support/fixtures';
import { PORT_BASE, type RedisProcess, startRedis, startSentinel, waitFor } from './servers';

/**
 * Redis behind Sentinel (REDIS_SENTINELS / REDIS_SENTINEL_NAME), and a plain Redis restarted: BullMQ
 * (outbox relay, notification consumer) and the login throttling follow the primary, no job and no
 * mail is lost, none is sent twice.
 */
describe('Redis failover', () => {
  let smtp: SmtpReceiver;
  let pool: Pool;
  let pro: TestProfessional;
  let daysAhead = 8;
  let slots: string[] = [];

  /** One booking per new client, on the next free slot (a few slots a day, spread over the days). */
  const bookOne = async (app: NestFastifyApplication): Promise<{ client: TestAttendee; id: string }> => {
    if (slots.length === 0) slots = (await freeSlots(app, pro, daysAhead++)).filter((_, i) => i % 2 === 0);
    const client = await createAttendee(pool);
    const booked = await request(app.getHttpServer())
      .post(`/api/v1/attendees/${client.id}/create-event`)
      .set(bearer(client.token))
      .send(bookingBody(pro, slots.shift()!));
    expect(booked.status).toBe(201);
    return { client, id: booked.body.id_event as string };
  };

  const expectEachMailedOnce = async (clients: TestAttendee[], timeoutMs = 45_000) => {
    await smtp.waitFor(() => clients.every((c) => smtp.to(c.email).length >= 1), timeoutMs);
    // Give a duplicate the time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const c of clients) expect(smtp.to(c.email)).toHaveLength(1);
  };

  const loginRefusedAfterFive = async (app: NestFastifyApplication) => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.test`;
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(app.getHttpServer())
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', ip)
        .send({ email, password: `guess-${i}` });
      statuses.push(res.status);
    }
    return statuses;
  };

  beforeAll(async () => {
    smtp = new SmtpReceiver();
    await smtp.start();
  });

  afterAll(async () => {
    await smtp?.stop();
  });

  describe('through a Sentinel failover', () => {
    const name = `rdv-scale-${randomBytes(3).toString('hex')}`;
    const [primaryPort, replicaPort, sentinelPort] = [PORT_BASE + 10, PORT_BASE + 11, PORT_BASE + 12];
    let primary: RedisProcess;
    let replica: RedisProcess;
    let sentinel: RedisProcess;
    let app: NestFastifyApplication;
    let worker: TestingModule;
    const env = () => ({
      SMTP_URL: smtp.url,
      REDIS_URL: 'redis://127.0.0.1:1',
      REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`,
      REDIS_SENTINEL_NAME: name,
      QUEUE_PREFIX: `rdv-scale-${randomBytes(4).toString('hex')}`,
    });

    const masterPort = async () => {
      const probe = new Redis({ port: sentinelPort, host: '127.0.0.1', lazyConnect: true });
      try {
        await probe.connect();
        const [, port] = (await probe.call('SENTINEL', 'get-master-addr-by-name', name)) as [string, string];
        return Number(port);
      } finally {
        probe.disconnect();
      }
    };

    beforeAll(async () => {
      primary = await startRedis(primaryPort);
      replica = await startRedis(replicaPort, primaryPort);
      sentinel = await startSentinel(sentinelPort, name, primaryPort);
      await waitFor('the sentinel to see the replica', async () => {
        const probe = new Redis({ port: sentinelPort, host: '127.0.0.1', lazyConnect: true });
        try {
          await probe.connect();
          const replicas = (await probe.call('SENTINEL', 'replicas', name)) as unknown[];
          return replicas.length === 1;
        } finally {
          probe.disconnect();
        }
      });
      const shared = env();
      app = await createTestApp({ env: shared });
      pool = poolOf(app);
      worker = await startWorker(shared);
      pro = await createProfessional(pool);
    }, 60_000);

    afterAll(async () => {
      await worker?.close();
      await app?.close();
      for (const server of [sentinel, replica, primary]) await server?.kill();
    });

    it('the primary is found through the sentinel: bookings are mailed and logins throttled', async () => {
      // REDIS_URL points nowhere (port 1): only the sentinel can have named the primary.
      const booked = [await bookOne(app), await bookOne(app)];
      await expectEachMailedOnce(booked.map((b) => b.client));
      expect(await loginRefusedAfterFive(app)).toEqual([404, 404, 404, 404, 404, 429]);
    });

    it('the primary killed mid-traffic: the replica is promoted, every booking is mailed exactly once, throttling holds on the new primary', async () => {
      const proBefore = smtp.to(pro.email).length;
      const before = [await bookOne(app), await bookOne(app)];
      primary.child.kill('SIGKILL');
      const during: Awaited<ReturnType<typeof bookOne>>[] = [];
      // Bookings go on (PostgreSQL holds them and their outbox rows) while the sentinel fails over.
      for (let i = 0; i < 3; i++) {
        during.push(await bookOne(app));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await waitFor(
        'the sentinel to promote the replica',
        async () => (await masterPort()) === replicaPort,
        30_000,
        250,
      );
      const after = [await bookOne(app), await bookOne(app)];
      await expectEachMailedOnce(
        [...before, ...during, ...after].map((b) => b.client),
        60_000,
      );
      const ids = [...before, ...during, ...after].map((b) => b.id);
      // Every outbox row ends up relayed (marked sent once a replica, if any, holds its job).
      await waitFor('every outbox row to be relayed', async () => {
        const unsent = await pool.query(
          `SELECT count(*)::int AS n FROM outbox WHERE payload->>'appointmentId' = ANY($1) AND sent_at IS NULL`,
          [ids],
        );
        return unsent.rows[0].n === 0;
      });
      // The professional got one request mail per booking, none twice.
      await smtp.waitFor(() => smtp.to(pro.email).length - proBefore >= ids.length);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.to(pro.email).length - proBefore).toBe(ids.length);

      // The app's own client (the limiter's) follows the sentinel when it next reconnects; until then the limiter
      // fails open by design (logins keep working while Redis is away), and a count it missed let a sixth failure
      // through (a fresh-clone CI run). Once that client writes to the promoted replica, throttling must hold.
      const appRedis = app.get<Redis>(REDIS);
      await waitFor(
        "the app's Redis client to write to the promoted replica",
        async () => {
          try {
            await appRedis.set(`${name}:probe`, '1', 'EX', 60);
            return ((await appRedis.call('ROLE')) as unknown[])[0] === 'master';
          } catch {
            return false;
          }
        },
        30_000,
        250,
      );
      // The login counters now live on the promoted replica, and they still refuse the sixth failure.
      expect(await loginRefusedAfterFive(app)).toEqual([404, 404, 404, 404, 404, 429]);
      const promoted = new Redis({ port: replicaPort, host: '127.0.0.1', lazyConnect: true });
      await promoted.connect();
      try {
        expect((await promoted.call('ROLE')) as unknown[]).toContain('master');
      } finally {
        promoted.disconnect();
      }
    }, 120_000);
  });

  describe('a plain Redis restarted', () => {
    const port = PORT_BASE + 15;
    let redis: RedisProcess;
    let app: NestFastifyApplication;
    let worker: TestingModule;

    beforeAll(async () => {
      redis = await startRedis(port);
      const env = {
        SMTP_URL: smtp.url,
        REDIS_URL: `redis://127.0.0.1:${port}`,
        QUEUE_PREFIX: `rdv-scale-${randomBytes(4).toString('hex')}`,
      };
      app = await createTestApp({ env });
      pool = poolOf(app);
      worker = await startWorker(env);
      pro = await createProfessional(pool);
      slots = [];
    }, 60_000);

    afterAll(async () => {
      await worker?.close();
      await app?.close();
      await redis?.kill();
    });

    it('BullMQ and the throttling reconnect after Redis comes back (empty): no mail lost, none twice', async () => {
      const before = [await bookOne(app)];
      await expectEachMailedOnce(before.map((b) => b.client));
      await redis.kill('SIGKILL');
      const during = [await bookOne(app), await bookOne(app)];
      // Logins keep working while Redis is down (the limiter fails open): the unknown account answers 404.
      expect((await loginRefusedAfterFive(app)).every((status) => status === 404)).toBe(true);
      redis = await startRedis(port);
      const after = [await bookOne(app)];
      await expectEachMailedOnce([...before, ...during, ...after].map((b) => b.client));
      await waitFor('the limiter to reconnect', async () => {
        const statuses = await loginRefusedAfterFive(app);
        return statuses[5] === 429;
      });
      expect(await loginRefusedAfterFive(app)).toEqual([404, 404, 404, 404, 404, 429]);
    }, 120_000);
  });
});

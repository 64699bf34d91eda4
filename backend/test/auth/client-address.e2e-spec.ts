import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import {
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_IP_LIMIT,
  LOGIN_PAIR_LIMIT,
  PUBLIC_ACTION_LIMITS,
} from '../../src/modules/identity/auth-rate-limiter';
import { createTestApp } from '../app';
import { PASSWORD, TestDb, uniqueTag } from './support/fixtures';

/** A fresh address for each rotated request, as an attacker would send. */
const rotated = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Counters of their own, so the apps of this file do not share the per-IP budget of 127.0.0.1. */
const ownCounters = () => `${process.env.QUEUE_PREFIX}-addr-${randomBytes(4).toString('hex')}`;

/**
 * The client address the per-IP limits count is decided by the edge: X-Forwarded-For is believed
 * only from the peers listed in TRUSTED_PROXIES (the web gateway), never from anyone else.
 */
describe('Client address behind TRUSTED_PROXIES', () => {
  let db: TestDb;

  beforeAll(() => {
    db = new TestDb();
  });

  afterAll(async () => {
    await db.close();
  });

  describe('from a peer that is not a trusted proxy', () => {
    let app: NestFastifyApplication;
    const login = (email: string, password: string, forwardedFor: string) =>
      request(app.getHttpServer())
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', forwardedFor)
        .send({ email, password });

    beforeAll(async () => {
      // The test client connects over loopback; only a documentation address is trusted here.
      app = await createTestApp({ env: { TRUSTED_PROXIES: '192.0.2.1', QUEUE_PREFIX: ownCounters() } });
    });

    afterAll(async () => {
      await app.close();
    });

    it(`rotating X-Forwarded-For does not buy more than ${LOGIN_PAIR_LIMIT} password guesses`, async () => {
      const victim = await db.attendee(uniqueTag('rotate'));
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_PAIR_LIMIT + 10; i += 1)
        statuses.push((await login(victim.email, `guess ${i}`, rotated(i))).status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_PAIR_LIMIT);
      expect(statuses.slice(LOGIN_PAIR_LIMIT).every((status) => status === 429)).toBe(true);
    });

    it(`account enumeration keeps the spec's 'Account not exist' but stops after ${LOGIN_IP_LIMIT} tries whatever the header`, async () => {
      const answers: request.Response[] = [];
      for (let i = 0; i < LOGIN_IP_LIMIT + 5; i += 1)
        answers.push(await login(`nobody${i}.${uniqueTag('enum')}@example.test`, 'whatever', rotated(i)));
      const notFound = answers.filter((answer) => answer.status === 404);
      // The rotate test above already spent some of this address's budget: at most the limit gets through.
      expect(notFound.length).toBeLessThanOrEqual(LOGIN_IP_LIMIT);
      expect(notFound[0]?.body).toEqual({
        statusCode: 404,
        code: 'ACCOUNT_NOT_EXIST',
        message: 'Account not exist',
      });
      expect(answers.at(-1)?.status).toBe(429);
      expect(answers.at(-1)?.body.message).toBe(
        'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
      );
    });
  });

  describe('public sign-ups and registration requests, per address', () => {
    let app: NestFastifyApplication;
    const tooMany = {
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Trop de demandes depuis votre connexion. Veuillez réessayer plus tard.',
    };

    beforeAll(async () => {
      // Untrusted peer: the rotated header is ignored, every request is the socket's address.
      app = await createTestApp({ env: { TRUSTED_PROXIES: '192.0.2.1', QUEUE_PREFIX: ownCounters() } });
    });

    afterAll(async () => {
      await app.close();
    });

    it(`registration requests: ${PUBLIC_ACTION_LIMITS['registration-request'].limit} an hour, whatever the header; nothing saved beyond`, async () => {
      const tag = uniqueTag('reglimit');
      const { limit } = PUBLIC_ACTION_LIMITS['registration-request'];
      const send = (i: number) =>
        request(app.getHttpServer())
          .post('/api/v1/registration-requests')
          .set('x-forwarded-for', rotated(i))
          .send({
            civility: 'Mme',
            first_name: 'Léa',
            last_name: `Petit-${tag}`,
            email: `lea.${i}.${tag}@example.fr`,
            phone: '06 11 22 33 44',
            city: 'Nantes',
          });
      for (let i = 0; i < limit; i += 1) await send(i).expect(201);
      const refused = await send(limit).expect(429);
      expect(refused.body).toEqual(tooMany);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const { rows } = await db.pool.query(
        `SELECT count(*)::int AS n FROM registration_requests WHERE last_name = $1`,
        [`Petit-${tag}`],
      );
      expect(rows[0].n).toBe(limit);
    });

    it(`attendee sign-ups: ${PUBLIC_ACTION_LIMITS['attendee-sign-up'].limit} an hour from one address, whatever the header`, async () => {
      const tag = uniqueTag('signup');
      const { limit } = PUBLIC_ACTION_LIMITS['attendee-sign-up'];
      const signUp = (i: number) =>
        request(app.getHttpServer())
          .post('/api/v1/attendees')
          .set('x-forwarded-for', rotated(i))
          .send({
            civility: 'M.',
            first_name: 'Paul',
            last_name: 'Roux',
            email: `client.${i}.${tag}@example.fr`,
            password: PASSWORD,
            password_confirmation: PASSWORD,
            birthdate: '1990-05-17',
            phone: '06 12 34 56 78',
            phone_country_code: 'FR',
            cgu_accepted: true,
            privacy_accepted: true,
          });
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i += 1) statuses.push((await signUp(i)).status);
      expect(statuses.slice(0, limit).every((status) => status === 201)).toBe(true);
      expect(statuses[limit]).toBe(429);
    });
  });

  describe('behind the trusted gateway', () => {
    let app: NestFastifyApplication;
    /** The gateway appends the address it saw to whatever chain it received. */
    const viaGateway = (clientChain: string, realAddress: string) => `${clientChain}, ${realAddress}`;

    beforeAll(async () => {
      app = await createTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1,::1', QUEUE_PREFIX: ownCounters() } });
    });

    afterAll(async () => {
      await app.close();
    });

    it(`${LOGIN_ACCOUNT_LIMIT + 10} rotated failures from one attacker do not lock the owner out`, async () => {
      const victim = await db.user(uniqueTag('lockout'));
      const attacker = '203.0.113.7';
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT + 10; i += 1) {
        await request(app.getHttpServer())
          .post('/api/v1/login')
          .set('x-forwarded-for', viaGateway(rotated(i), attacker))
          .send({ username: victim.username, password: `guess ${i}` });
      }
      // The attacker is the one refused...
      await request(app.getHttpServer())
        .post('/api/v1/login')
        .set('x-forwarded-for', viaGateway(rotated(999), attacker))
        .send({ username: victim.username, password: PASSWORD })
        .expect(429);
      // ...while the owner, from an address never seen before, signs in.
      const owner = await request(app.getHttpServer())
        .post('/api/v1/login')
        .set('x-forwarded-for', '198.51.100.9')
        .send({ username: victim.username, password: PASSWORD })
        .expect(200);
      expect(owner.body.user._id).toBe(victim.id);
    }, 60_000);
  });
});

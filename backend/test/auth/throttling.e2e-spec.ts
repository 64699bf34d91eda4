import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import {
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_IP_LIMIT,
  LOGIN_PAIR_LIMIT,
  LOGIN_WINDOW_SECONDS,
  RESET_IP_LIMIT,
  RESET_WINDOW_SECONDS,
} from '../../src/modules/identity/auth-rate-limiter';
import { createTestApp } from '../app';
import { PASSWORD, TestDb, uniqueTag } from './support/fixtures';

/** A 429 says when to come back: Retry-After in whole seconds, within the throttle's window. */
function expectRetryAfter(response: request.Response, windowSeconds: number): number {
  const header = response.headers['retry-after'];
  expect(header).toMatch(/^[1-9]\d*$/);
  const seconds = Number(header);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  return seconds;
}

/**
 * The login throttle counts failures per (account, IP), per IP and per account from unknown IPs.
 * The client IP comes from X-Forwarded-For (the API trusts its proxy, the web gateway).
 */
describe('Login throttling', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let subnet = 0;
  const http = () => request(app.getHttpServer());
  const freshSubnet = () => {
    subnet += 1;
    return (host: number) => `10.${subnet}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
  };
  const attendeeLogin = (email: string, password: string, ip: string) =>
    http().post('/api/v1/auth/attendee/login').set('x-forwarded-for', ip).send({ email, password });

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  it(`answers 429 with a French message after ${LOGIN_PAIR_LIMIT} failures from one IP, even with the right password`, async () => {
    const victim = await db.attendee(uniqueTag('pair'));
    const attacker = freshSubnet()(0);
    for (let i = 0; i < LOGIN_PAIR_LIMIT; i += 1) {
      const refused = await attendeeLogin(victim.email, `guess ${i}`, attacker).expect(401);
      expect(refused.headers['retry-after']).toBeUndefined();
    }
    const blocked = await attendeeLogin(victim.email, PASSWORD, attacker).expect(429);
    expect(blocked.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      message: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
    });
    // The window started with the first failure a moment ago: nearly all of it is left.
    expect(expectRetryAfter(blocked, LOGIN_WINDOW_SECONDS)).toBeGreaterThan(LOGIN_WINDOW_SECONDS - 60);
  });

  it('Retry-After counts down with the window, it does not restart with each refused attempt', async () => {
    const victim = await db.attendee(uniqueTag('countdown'));
    const attacker = freshSubnet()(0);
    for (let i = 0; i < LOGIN_PAIR_LIMIT; i += 1)
      await attendeeLogin(victim.email, `guess ${i}`, attacker).expect(401);
    const first = expectRetryAfter(
      await attendeeLogin(victim.email, 'again', attacker).expect(429),
      LOGIN_WINDOW_SECONDS,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = expectRetryAfter(
      await attendeeLogin(victim.email, 'again', attacker).expect(429),
      LOGIN_WINDOW_SECONDS,
    );
    expect(later).toBeLessThan(first);
  });

  it("the owner still signs in from their own IP during an attacker's burst from another IP", async () => {
    const victim = await db.user(uniqueTag('owner'));
    const attacker = freshSubnet()(0);
    const owner = freshSubnet()(0);
    for (let i = 0; i < LOGIN_PAIR_LIMIT + 3; i += 1) {
      await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', attacker)
        .send({ username: victim.username, password: `guess ${i}` });
    }
    await http()
      .post('/api/v1/login')
      .set('x-forwarded-for', attacker)
      .send({ username: victim.username, password: 'another guess' })
      .expect(429);
    const response = await http()
      .post('/api/v1/login')
      .set('x-forwarded-for', owner)
      .send({ username: victim.username, password: PASSWORD })
      .expect(200);
    expect(response.body.user._id).toBe(victim.id);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const victim = await db.attendee(uniqueTag('burst'));
    const attacker = freshSubnet()(0);
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => attendeeLogin(victim.email, `parallel guess ${i}`, attacker)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_PAIR_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - LOGIN_PAIR_LIMIT);
  });

  it('a successful login resets the failure count of its (account, IP) pair', async () => {
    const account = await db.attendee(uniqueTag('reset'));
    const ip = freshSubnet()(0);
    for (let i = 0; i < LOGIN_PAIR_LIMIT - 1; i += 1)
      await attendeeLogin(account.email, 'typo', ip).expect(401);
    await attendeeLogin(account.email, PASSWORD, ip).expect(200);
    for (let i = 0; i < LOGIN_PAIR_LIMIT - 1; i += 1)
      await attendeeLogin(account.email, 'typo again', ip).expect(401);
    await attendeeLogin(account.email, PASSWORD, ip).expect(200);
  });

  it(`blocks one IP trying many accounts after ${LOGIN_IP_LIMIT} failures (enumeration of 'Account not exist' included)`, async () => {
    const ip = freshSubnet()(0);
    for (let i = 0; i < LOGIN_IP_LIMIT; i += 1) {
      const response = await attendeeLogin(`nobody${i}.${uniqueTag('enum')}@example.test`, 'whatever', ip);
      expect(response.status).toBe(404);
    }
    const real = await db.attendee(uniqueTag('after'));
    expectRetryAfter(await attendeeLogin(real.email, PASSWORD, ip).expect(429), LOGIN_WINDOW_SECONDS);
    // Other addresses are not affected.
    await attendeeLogin(real.email, PASSWORD, freshSubnet()(0)).expect(200);
  });

  it(`a distributed attack (${LOGIN_ACCOUNT_LIMIT} failures from many IPs) blocks new IPs but not the IP the owner signed in from`, async () => {
    const victim = await db.attendee(uniqueTag('ddos'));
    const home = freshSubnet()(0);
    await attendeeLogin(victim.email, PASSWORD, home).expect(200);
    const botnet = freshSubnet();
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i += 1)
      await attendeeLogin(victim.email, `guess ${i}`, botnet(i)).expect(401);
    expectRetryAfter(
      await attendeeLogin(victim.email, PASSWORD, botnet(LOGIN_ACCOUNT_LIMIT + 1)).expect(429),
      LOGIN_WINDOW_SECONDS,
    );
    await attendeeLogin(victim.email, PASSWORD, home).expect(200);
  }, 60_000);

  it('throttles the admin and professional logins too', async () => {
    const tag = uniqueTag('kinds');
    const admin = await db.admin(tag);
    const ip = freshSubnet()(0);
    for (let i = 0; i < LOGIN_PAIR_LIMIT; i += 1) {
      await http()
        .post('/api/v1/auth/admin/login')
        .set('x-forwarded-for', ip)
        .send({ email: admin.email, password: `guess ${i}` })
        .expect(401);
    }
    const blocked = await http()
      .post('/api/v1/auth/admin/login')
      .set('x-forwarded-for', ip)
      .send({ email: admin.email, password: PASSWORD })
      .expect(429);
    expectRetryAfter(blocked, LOGIN_WINDOW_SECONDS);
  });

  it(`caps forgotten-password requests per IP (${RESET_IP_LIMIT} an hour) with 429`, async () => {
    const ip = freshSubnet()(0);
    for (let i = 0; i < RESET_IP_LIMIT; i += 1) {
      await http()
        .post('/api/v1/auth/attendee/forgot-password')
        .set('x-forwarded-for', ip)
        .send({ email: `someone${i}@example.test` })
        .expect(200);
    }
    const response = await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip)
      .send({ email: 'someone@example.test' })
      .expect(429);
    expect(response.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Trop de demandes de réinitialisation. Veuillez réessayer plus tard.',
    });
    expect(expectRetryAfter(response, RESET_WINDOW_SECONDS)).toBeGreaterThan(RESET_WINDOW_SECONDS - 60);
  });
});

describe('Login throttling with Redis down', () => {
  it('fails open: the owner can still sign in (PostgreSQL holds the truth)', async () => {
    const app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const db = new TestDb();
    try {
      const account = await db.attendee(uniqueTag('noredis'));
      await request(app.getHttpServer())
        .post('/api/v1/auth/attendee/login')
        .send({ email: account.email, password: PASSWORD })
        .expect(200);
      await request(app.getHttpServer())
        .post('/api/v1/auth/attendee/login')
        .send({ email: account.email, password: 'wrong password' })
        .expect(401);
    } finally {
      await db.close();
      await app.close();
    }
  });
});

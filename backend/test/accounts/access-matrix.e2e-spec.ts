import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';

type Actor = 'admin' | 'userA' | 'userB' | 'attendeeX' | 'attendeeY' | 'anonymous';
const ACTORS: Actor[] = ['admin', 'userA', 'userB', 'attendeeX', 'attendeeY', 'anonymous'];

/**
 * Who may do what (docs/product.md §6). User A has an appointment with attendee X; user B has none.
 * 401 = not signed in (or a token of a kind the route never accepts), 403 = signed in but not allowed,
 * 400 on verify = allowed, the code (000000) is wrong: the code sent by the send-token row before.
 */
const EXPECTED: Record<string, Record<Actor, number>> = {
  'read user A': { admin: 200, userA: 200, userB: 403, attendeeX: 403, attendeeY: 403, anonymous: 401 },
  'update user A': { admin: 200, userA: 200, userB: 403, attendeeX: 403, attendeeY: 403, anonymous: 401 },
  'read attendee X': { admin: 200, userA: 200, userB: 403, attendeeX: 200, attendeeY: 403, anonymous: 401 },
  'update attendee X': { admin: 200, userA: 403, userB: 403, attendeeX: 200, attendeeY: 403, anonymous: 401 },
  'events-futur-count of A': {
    admin: 200,
    userA: 200,
    userB: 403,
    attendeeX: 403,
    attendeeY: 403,
    anonymous: 401,
  },
  'send-token for A': { admin: 200, userA: 200, userB: 403, attendeeX: 403, attendeeY: 403, anonymous: 401 },
  'verify-token for A': {
    admin: 400,
    userA: 400,
    userB: 403,
    attendeeX: 403,
    attendeeY: 403,
    anonymous: 401,
  },
  'send-token for X': { admin: 200, userA: 403, userB: 403, attendeeX: 200, attendeeY: 403, anonymous: 401 },
  'verify-token for X': {
    admin: 400,
    userA: 403,
    userB: 403,
    attendeeX: 400,
    attendeeY: 403,
    anonymous: 401,
  },
  'admin list of users': {
    admin: 200,
    userA: 401,
    userB: 401,
    attendeeX: 401,
    attendeeY: 401,
    anonymous: 401,
  },
  'create a professional': {
    admin: 201,
    userA: 401,
    userB: 401,
    attendeeX: 401,
    attendeeY: 401,
    anonymous: 401,
  },
};

describe('Access matrix: actors x operations', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  let userA: SeededUser;
  let userB: SeededUser;
  let attendeeX: SeededAccount;
  let attendeeY: SeededAccount;
  let tag: string;
  let n = 0;
  const http = () => request(app.getHttpServer());
  const tokenOf = (actor: Actor) =>
    ({ admin, userA, userB, attendeeX, attendeeY, anonymous: undefined })[actor]?.token;
  const freshPhone = () => `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

  const operations: Record<string, (actor: Actor) => request.Test> = {
    'read user A': () => http().get(`/api/v1/users/${userA.id}`),
    'update user A': (actor) =>
      http()
        .put(`/api/v1/users/${userA.id}`)
        .send({ presentation_title: `written by ${actor}` }),
    'read attendee X': () => http().get(`/api/v1/attendees/${attendeeX.id}`),
    'update attendee X': (actor) =>
      http()
        .put(`/api/v1/attendees/${attendeeX.id}`)
        .send({ first_name: `by ${actor}` }),
    'events-futur-count of A': () => http().get(`/api/v1/users/${userA.id}/events-futur-count`),
    'send-token for A': () =>
      http()
        .post(`/api/v1/users/${userA.id}/send-token-to-verify-number`)
        .send({ phoneNumber: freshPhone() }),
    'verify-token for A': () =>
      http().post(`/api/v1/users/${userA.id}/verify-token-to-validate-number`).send({ token: '000000' }),
    'send-token for X': () =>
      http()
        .post(`/api/v1/attendees/${attendeeX.id}/send-token-to-verify-number`)
        .send({ phone: freshPhone(), phone_country_code: 'FR' }),
    'verify-token for X': () =>
      http()
        .post(`/api/v1/attendees/${attendeeX.id}/verify-token-to-validate-number`)
        .send({ token: '000000' }),
    'admin list of users': () => http().get('/api/v1/admin/users'),
    'create a professional': (actor) =>
      http()
        .post('/api/v1/users')
        .send({ first_name: 'Nouveau', last_name: actor, email: `new.${actor}.${tag}@example.test` }),
  };

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    tag = uniqueTag('acl');
    [admin, userA, userB, attendeeX, attendeeY] = await Promise.all([
      db.admin(tag),
      db.user(`${tag}a`),
      db.user(`${tag}b`),
      db.attendee(`${tag}x`),
      db.attendee(`${tag}y`),
    ]);
    await db.appointment(userA.id, attendeeX.id, 24 * 60);
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  const cells = Object.entries(EXPECTED).flatMap(([operation, byActor]) =>
    ACTORS.map((actor) => [operation, actor, byActor[actor]] as const),
  );

  it.each(cells)('%s by %s -> %i', async (operation, actor, status) => {
    let call = operations[operation](actor).set('x-forwarded-for', `192.0.2.${(n += 1) % 250}`);
    const token = tokenOf(actor);
    if (token) call = call.set('authorization', `Bearer ${token}`);
    const response = await call;
    expect({
      status: response.status,
      body: response.status >= 400 ? response.body.code : undefined,
    }).toEqual({
      status,
      body:
        status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 400
              ? 'SMS_CODE_INVALID'
              : undefined,
    });
  });

  it('denied updates changed nothing', async () => {
    const a = await db.userRow(userA.id);
    expect(['written by admin', 'written by userA']).toContain(a.presentationTitle);
    const x = await db.attendeeRow(attendeeX.id);
    expect(['by admin', 'by attendeeX']).toContain(x.firstName);
    const created = await db.pool.query(
      "SELECT last_name FROM users WHERE first_name = 'Nouveau' AND email LIKE $1",
      [`%.${tag}@example.test`],
    );
    expect(created.rows.map((row) => row.last_name)).toEqual(['admin']);
  });

  it('a professional reads an attendee only while they share an appointment (any status)', async () => {
    const other = await db.attendee(uniqueTag('later'));
    await http()
      .get(`/api/v1/attendees/${other.id}`)
      .set('authorization', `Bearer ${userB.token}`)
      .expect(403);
    await db.appointment(userB.id, other.id, -60 * 24, 'cancelled');
    await http()
      .get(`/api/v1/attendees/${other.id}`)
      .set('authorization', `Bearer ${userB.token}`)
      .expect(200);
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { hostileTokens, PASSWORD, SeededAccount, SeededUser, TestDb, uniqueTag } from './support/fixtures';

describe('Sign-in, check-logged and logout', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  let user: SeededUser;
  let attendee: SeededAccount;
  let ipCounter = 0;
  // Each test signs in from its own address so the login throttle never interferes here.
  const ip = () => `198.51.100.${(ipCounter += 1)}`;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    const tag = uniqueTag('login');
    [admin, user, attendee] = await Promise.all([db.admin(tag), db.user(tag), db.attendee(tag)]);
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  describe('POST /api/v1/login (professional)', () => {
    it('signs in with the username and returns a user token and the account without secrets', async () => {
      const response = await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: user.username, password: PASSWORD })
        .expect(200);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toMatchObject({
        _id: user.id,
        email: user.email,
        username: user.username,
        first_name: 'Camille',
      });
      expect(JSON.stringify(response.body.user)).not.toMatch(/password|hash/i);
      const check = await http()
        .get('/api/v1/auth/user/check-logged')
        .set('authorization', `Bearer ${response.body.token}`)
        .expect(200);
      expect(check.body._id).toBe(user.id);
    });

    it('also accepts the email as username, whatever its case', async () => {
      const response = await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: user.email.toUpperCase(), password: PASSWORD })
        .expect(200);
      expect(response.body.user._id).toBe(user.id);
    });

    it("answers 404 'Account not exist' for an unknown username", async () => {
      const response = await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: 'nobody.here', password: PASSWORD })
        .expect(404);
      expect(response.body).toEqual({
        statusCode: 404,
        code: 'ACCOUNT_NOT_EXIST',
        message: 'Account not exist',
      });
    });

    it('answers 401 for a wrong password', async () => {
      const response = await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: user.username, password: 'wrong password' })
        .expect(401);
      expect(response.body.code).toBe('INVALID_CREDENTIALS');
    });

    it('refuses a professional whose registration is not finished (no password yet)', async () => {
      const pending = await db.user(uniqueTag('pending'), { password: null });
      await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: pending.username, password: 'anything at all' })
        .expect(401);
    });

    it('refuses a deactivated professional with 403, and their old token no longer passes check-logged', async () => {
      const disabled = await db.user(uniqueTag('off'));
      await db.pool.query('UPDATE users SET is_active = false WHERE id = $1', [disabled.id]);
      const response = await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: disabled.username, password: PASSWORD })
        .expect(403);
      expect(response.body.code).toBe('ACCOUNT_DISABLED');
      await http()
        .get('/api/v1/auth/user/check-logged')
        .set('authorization', `Bearer ${disabled.token}`)
        .expect(401);
    });

    it.each([
      [{}, "L'identifiant est obligatoire"],
      [{ username: 'someone' }, 'Le mot de passe est obligatoire'],
      [{ username: '', password: 'x' }, "L'identifiant est obligatoire"],
      [
        { username: 'someone', password: 'x'.repeat(1025) },
        'Le mot de passe ne peut pas dépasser 1024 caractères',
      ],
      [{ username: 'someone', password: 'secret', extra: true }, 'Champ non autorisé : extra'],
    ])('rejects the body %j with 400 and a clear message', async (body, message) => {
      const response = await http().post('/api/v1/login').set('x-forwarded-for', ip()).send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(response.body.message).toContain(message);
    });
  });

  describe('POST /api/v1/auth/admin/login and /api/v1/auth/attendee/login', () => {
    it('signs an admin in and check-logged returns the admin', async () => {
      const response = await http()
        .post('/api/v1/auth/admin/login')
        .set('x-forwarded-for', ip())
        .send({ email: admin.email, password: PASSWORD })
        .expect(200);
      expect(response.body.admin).toEqual({
        _id: admin.id,
        email: admin.email,
        first_name: 'Ada',
        last_name: 'Admin',
      });
      const check = await http()
        .get('/api/v1/auth/admin/check-logged')
        .set('authorization', `Bearer ${response.body.token}`)
        .expect(200);
      expect(check.body).toEqual(response.body.admin);
    });

    it('signs an attendee in and check-logged returns the attendee', async () => {
      const response = await http()
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', ip())
        .send({ email: attendee.email, password: PASSWORD })
        .expect(200);
      expect(response.body.attendee).toMatchObject({ _id: attendee.id, email: attendee.email });
      expect(JSON.stringify(response.body.attendee)).not.toMatch(/password|hash/i);
      const check = await http()
        .get('/api/v1/auth/attendee/check-logged')
        .set('authorization', `Bearer ${response.body.token}`)
        .expect(200);
      expect(check.body._id).toBe(attendee.id);
    });

    it("answers 'email must be an email' for a malformed email", async () => {
      for (const path of ['/api/v1/auth/admin/login', '/api/v1/auth/attendee/login']) {
        const response = await http()
          .post(path)
          .set('x-forwarded-for', ip())
          .send({ email: 'not-an-email', password: PASSWORD })
          .expect(400);
        expect(response.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'email must be an email',
        });
      }
    });

    it("answers 404 'Account not exist' for an unknown email and 401 for a wrong password", async () => {
      const unknown = await http()
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', ip())
        .send({ email: 'ghost@example.test', password: PASSWORD })
        .expect(404);
      expect(unknown.body.message).toBe('Account not exist');
      await http()
        .post('/api/v1/auth/admin/login')
        .set('x-forwarded-for', ip())
        .send({ email: admin.email, password: 'not the password' })
        .expect(401);
    });

    it('an attendee account cannot sign in as admin with the same email', async () => {
      await http()
        .post('/api/v1/auth/admin/login')
        .set('x-forwarded-for', ip())
        .send({ email: attendee.email, password: PASSWORD })
        .expect(404);
    });
  });

  describe('passwords', () => {
    it('accepts a 1024-character passphrase', async () => {
      const passphrase = 'é-'.repeat(512);
      const tag = uniqueTag('long');
      const longUser = await db.attendee(tag, passphrase);
      await http()
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', ip())
        .send({ email: longUser.email, password: passphrase })
        .expect(200);
    });

    it('stores argon2id hashes with the OWASP parameters', async () => {
      const row = await db.userRow(user.id);
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });

  describe('check-logged guards', () => {
    const routes: Array<['admin' | 'user' | 'attendee', string]> = [
      ['admin', '/api/v1/auth/admin/check-logged'],
      ['user', '/api/v1/auth/user/check-logged'],
      ['attendee', '/api/v1/auth/attendee/check-logged'],
    ];

    it.each(routes)('%s check-logged answers 401 without a token', async (_kind, path) => {
      const response = await http().get(path).expect(401);
      expect(response.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Authentification requise',
      });
    });

    it.each(routes)(
      '%s check-logged answers 401 to forged, expired, unsigned, tampered, wrong-audience and garbage tokens',
      async (kind, path) => {
        const id = kind === 'admin' ? admin.id : kind === 'user' ? user.id : attendee.id;
        for (const [name, token] of Object.entries(hostileTokens(kind, id))) {
          const response = await http().get(path).set('authorization', `Bearer ${token}`);
          expect({ name, status: response.status }).toEqual({ name, status: 401 });
        }
      },
    );

    it('a valid token of another kind does not pass (an attendee token on the user area)', async () => {
      await http()
        .get('/api/v1/auth/user/check-logged')
        .set('authorization', `Bearer ${attendee.token}`)
        .expect(401);
      await http()
        .get('/api/v1/auth/admin/check-logged')
        .set('authorization', `Bearer ${user.token}`)
        .expect(401);
    });

    it('a valid token of a deleted account answers 401', async () => {
      const gone = await db.attendee(uniqueTag('gone'));
      await db.pool.query('DELETE FROM attendees WHERE id = $1', [gone.id]);
      await http()
        .get('/api/v1/auth/attendee/check-logged')
        .set('authorization', `Bearer ${gone.token}`)
        .expect(401);
    });

    it('tokens expire after 30 days', async () => {
      const response = await http()
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', ip())
        .send({ email: attendee.email, password: PASSWORD })
        .expect(200);
      const payload = JSON.parse(Buffer.from(response.body.token.split('.')[1], 'base64url').toString());
      expect(payload).toMatchObject({ aud: 'attendee', sub: attendee.id });
      expect(payload.exp - payload.iat).toBe(30 * 24 * 3600);
      const header = JSON.parse(Buffer.from(response.body.token.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('HS256');
    });
  });

  describe('logout', () => {
    it.each([
      '/api/v1/logout/attendee',
      '/api/v1/auth/attendee/logout',
      '/api/v1/auth/user/logout',
      '/api/v1/auth/admin/logout',
    ])('GET %s answers 200', async (path) => {
      const response = await http().get(path).set('authorization', `Bearer ${attendee.token}`).expect(200);
      expect(response.body.message).toEqual(expect.any(String));
    });

    it('an unknown account kind is 404', async () => {
      await http().get('/api/v1/auth/robot/logout').expect(404);
    });
  });
});

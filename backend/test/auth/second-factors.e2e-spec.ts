import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from './support/fixtures';

const KEYS = `mfa1:${randomBytes(32).toString('base64')}`;

/** The code the authenticator app shows `stepsAhead` periods of 30 s from now. */
const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/**
 * Second factors of professionals and administrators: once a factor is enrolled, the password alone no
 * longer opens a session; a code from the app, a recovery code (once) or a passkey finishes the sign-in.
 */
describe('Second factors', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp({ env: { CALENDAR_ENCRYPTION_KEYS: KEYS } });
    db = new TestDb();
  });

  afterAll(async () => {
    // Files share the run's database (in band): the setting goes back to its default whatever happened here.
    await db.db.execute(sql`DELETE FROM site_config WHERE key = 'admin_second_factor_required'`);
    await app.close();
    await db.close();
  });

  let policyAdmin: SeededAccount;

  /** Enrols an authenticator app for `token`'s account; answers the secret, the recovery codes and the new token. */
  async function enrolTotp(token: string) {
    const started = await http()
      .post('/api/v1/auth/second-factors/totp')
      .set('authorization', `Bearer ${token}`)
      .expect(201);
    expect(started.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const confirmed = await http()
      .post(`/api/v1/auth/second-factors/totp/${started.body.id}/confirm`)
      .set('authorization', `Bearer ${token}`)
      .send({ code: await totp(started.body.secret, -1), label: 'Téléphone' })
      .expect(200);
    return {
      id: started.body.id as string,
      secret: started.body.secret as string,
      recoveryCodes: confirmed.body.recoveryCodes as string[],
      token: confirmed.body.token as string,
    };
  }

  const userLogin = (user: SeededUser, password = user.password) =>
    http().post('/api/v1/login').send({ username: user.username, password });

  it('a professional enrols an app: a wrong first code is refused, the right one activates it with 10 recovery codes', async () => {
    const user = await db.user(uniqueTag('mfa'));
    const started = await http()
      .post('/api/v1/auth/second-factors/totp')
      .set('authorization', `Bearer ${user.token}`)
      .expect(201);
    const wrong = await http()
      .post(`/api/v1/auth/second-factors/totp/${started.body.id}/confirm`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('SECOND_FACTOR_INVALID');
    // Not confirmed yet: the password alone still signs in.
    expect((await userLogin(user).expect(200)).body.token).toEqual(expect.any(String));

    const confirmed = await http()
      .post(`/api/v1/auth/second-factors/totp/${started.body.id}/confirm`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ code: await totp(started.body.secret) })
      .expect(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const list = await http()
      .get('/api/v1/auth/second-factors')
      .set('authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(list.body.factors).toEqual([
      expect.objectContaining({ type: 'totp', label: 'Application d’authentification' }),
    ]);
    expect(list.body.recoveryCodesLeft).toBe(10);
  });

  it('a stolen password alone opens no session: the answer is a pending step the guards refuse', async () => {
    const user = await db.user(uniqueTag('mfa'));
    await enrolTotp(user.token);
    const answer = await userLogin(user).expect(200);
    expect(answer.body.token).toBeUndefined();
    expect(answer.body).toEqual({
      secondFactorRequired: true,
      pendingToken: expect.any(String),
      methods: ['totp', 'recovery'],
    });
    await http()
      .get('/api/v1/auth/user/check-logged')
      .set('authorization', `Bearer ${answer.body.pendingToken}`)
      .expect(401);
    const guessed = await http()
      .post('/api/v1/auth/user/second-factor')
      .send({ pendingToken: answer.body.pendingToken, code: '123456' });
    expect(guessed.status).toBe(401);
    expect(guessed.body.message).toBe('Code incorrect ou déjà utilisé');
  });

  it('sign-in with the app code finishes the pending step; the same code is not accepted twice', async () => {
    const user = await db.user(uniqueTag('mfa'));
    const { secret } = await enrolTotp(user.token);
    const code = await totp(secret);
    const pending = (await userLogin(user).expect(200)).body.pendingToken as string;
    const signedIn = await http()
      .post('/api/v1/auth/user/second-factor')
      .send({ pendingToken: pending, code })
      .expect(200);
    expect(signedIn.body.user.email).toBe(user.email);
    await http()
      .get('/api/v1/auth/user/check-logged')
      .set('authorization', `Bearer ${signedIn.body.token}`)
      .expect(200);
    const pendingAgain = (await userLogin(user).expect(200)).body.pendingToken as string;
    await http()
      .post('/api/v1/auth/user/second-factor')
      .send({ pendingToken: pendingAgain, code })
      .expect(401);
  });

  it('a recovery code signs in once; the second use is refused', async () => {
    const user = await db.user(uniqueTag('mfa'));
    const { recoveryCodes } = await enrolTotp(user.token);
    const pending = (await userLogin(user).expect(200)).body.pendingToken as string;
    // Typed in capitals without the dash: still the same code.
    const typed = recoveryCodes[3].toUpperCase().replace('-', '');
    await http()
      .post('/api/v1/auth/user/second-factor')
      .send({ pendingToken: pending, code: typed })
      .expect(200);
    const again = (await userLogin(user).expect(200)).body.pendingToken as string;
    await http()
      .post('/api/v1/auth/user/second-factor')
      .send({ pendingToken: again, code: recoveryCodes[3] })
      .expect(401);
    const left = await http().get('/api/v1/auth/second-factors').set('authorization', `Bearer ${user.token}`);
    expect(left.body.recoveryCodesLeft).toBe(9);
  });

  it('the pending step of one kind is refused for the other, and a forged one is refused', async () => {
    const user = await db.user(uniqueTag('mfa'));
    const { secret } = await enrolTotp(user.token);
    const pending = (await userLogin(user).expect(200)).body.pendingToken as string;
    await http()
      .post('/api/v1/auth/admin/second-factor')
      .send({ pendingToken: pending, code: await totp(secret) })
      .expect(401);
    const forged = await http()
      .post('/api/v1/auth/user/second-factor')
      .send({ pendingToken: `${pending}x`, code: await totp(secret) });
    expect(forged.body.code).toBe('SECOND_FACTOR_EXPIRED');
  });

  it('the app secret is sealed at rest: neither the secret nor the recovery codes are readable in the database', async () => {
    const user = await db.user(uniqueTag('mfa'));
    const { id, secret, recoveryCodes } = await enrolTotp(user.token);
    const { rows } = await db.db.execute<Record<string, unknown>>(
      sql`SELECT row_to_json(f)::text AS factor FROM second_factors f WHERE id = ${id}`,
    );
    const stored = String(rows[0]?.factor);
    expect(stored).toContain('secret_ciphertext');
    expect(stored).not.toContain(secret);
    const codes = await db.db.execute<{ code_hash: string }>(
      sql`SELECT code_hash FROM recovery_codes WHERE account_id = ${user.id}`,
    );
    expect(codes.rows).toHaveLength(10);
    const dump = JSON.stringify(codes.rows);
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
  });

  it('removing a factor needs the current password; without factors the password signs in again', async () => {
    const user = await db.user(uniqueTag('mfa'));
    const { id } = await enrolTotp(user.token);
    const refused = await http()
      .delete(`/api/v1/auth/second-factors/${id}`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ current_password: 'not it' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CURRENT_PASSWORD_INVALID');
    await http()
      .delete(`/api/v1/auth/second-factors/${id}`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ current_password: user.password })
      .expect(204);
    expect((await userLogin(user).expect(200)).body.token).toEqual(expect.any(String));
  });

  describe('administrators, when the site requires a second factor', () => {
    let admin: SeededAccount;

    beforeAll(async () => {
      policyAdmin = await db.admin(uniqueTag('pol'));
      admin = await db.admin(uniqueTag('mfa'));
      await http()
        .put('/api/v1/admin/second-factor-policy')
        .set('authorization', `Bearer ${policyAdmin.token}`)
        .send({ adminSecondFactorRequired: true })
        .expect(200);
    });

    it('an administrator without a second factor cannot use the console, but may enrol one and then can', async () => {
      const session = (
        await http()
          .post('/api/v1/auth/admin/login')
          .send({ email: admin.email, password: admin.password })
          .expect(200)
      ).body.token as string;
      const refused = await http().get('/api/v1/admin/users').set('authorization', `Bearer ${session}`);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('SECOND_FACTOR_REQUIRED');
      await http()
        .get('/api/v1/auth/admin/check-logged')
        .set('authorization', `Bearer ${session}`)
        .expect(200);
      const listed = await http()
        .get('/api/v1/auth/second-factors')
        .set('authorization', `Bearer ${session}`);
      expect(listed.body).toMatchObject({ required: true, sessionHasSecondFactor: false, factors: [] });

      const enrolled = await enrolTotp(session);
      await http().get('/api/v1/admin/users').set('authorization', `Bearer ${enrolled.token}`).expect(200);
      // The last factor cannot be removed while the site requires one.
      const last = await http()
        .delete(`/api/v1/auth/second-factors/${enrolled.id}`)
        .set('authorization', `Bearer ${enrolled.token}`)
        .send({ current_password: admin.password });
      expect(last.status).toBe(409);

      // Next sign-in: password, then the code; the session works in the console.
      const pending = (
        await http()
          .post('/api/v1/auth/admin/login')
          .send({ email: admin.email, password: admin.password })
          .expect(200)
      ).body.pendingToken as string;
      const signedIn = await http()
        .post('/api/v1/auth/admin/second-factor')
        .send({ pendingToken: pending, code: await totp(enrolled.secret, 1) })
        .expect(200);
      expect(signedIn.body.admin.email).toBe(admin.email);
      await http()
        .get('/api/v1/admin/users')
        .set('authorization', `Bearer ${signedIn.body.token}`)
        .expect(200);
    });

    it('the setting can be read and turned off again by an administrator who passed a second factor', async () => {
      const read = await http()
        .get('/api/v1/admin/second-factor-policy')
        .set('authorization', `Bearer ${policyAdmin.token}`);
      // policyAdmin's seeded token has no second factor: refused like any console call.
      expect(read.status).toBe(403);
      const enrolled = await enrolTotp(policyAdmin.token);
      policyAdmin = { ...policyAdmin, token: enrolled.token };
      await http()
        .put('/api/v1/admin/second-factor-policy')
        .set('authorization', `Bearer ${enrolled.token}`)
        .send({ adminSecondFactorRequired: false })
        .expect(200);
      await http().get('/api/v1/admin/users').set('authorization', `Bearer ${admin.token}`).expect(200);
    });
  });
});

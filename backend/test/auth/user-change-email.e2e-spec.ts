import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { PASSWORD, TestDb, uniqueTag } from './support/fixtures';
import { SmtpReceiver } from './support/smtp-receiver';
import { startStack, type TestStack } from '../support/stack';

/** A professional moves to another address only by opening the link mailed to it. */
describe('POST /auth/user/change-email and /auth/user/confirm-email', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let db: TestDb;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_URL: 'https://rdv.example' });
    ({ app, smtp } = stack);
    db = new TestDb();
  });

  afterAll(async () => {
    await stack?.close();
    await db.close();
  });

  const changeEmail = (token: string, body: object) =>
    http().post('/api/v1/auth/user/change-email').set('Authorization', `Bearer ${token}`).send(body);
  const confirm = (token: string) => http().post('/api/v1/auth/user/confirm-email').send({ token });
  const login = (username: string) => http().post('/api/v1/login').send({ username, password: PASSWORD });
  // The worker mails the link from inside the job's transaction, which commits right after: wait for it.
  const linkCommitted = async (userId: string) => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.pool.query(
        `SELECT 1 FROM password_reset_tokens WHERE purpose = 'email_change' AND account_id = $1 AND used_at IS NULL`,
        [userId],
      );
      if (rows.length) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the confirmation link was never committed');
  };
  const tokenIn = (text: string | undefined) =>
    decodeURIComponent(/\/user\/confirmer-email\?token=([^\s"<>]+)/.exec(text ?? '')![1]);

  it('mails a link to the new address and a notice to the current one; the address changes when it is opened', async () => {
    const pro = await db.user(uniqueTag('mail'));
    const newEmail = `nouvelle.${uniqueTag('adr')}@Example.test`.replace(/[^A-Za-z0-9.@-]/g, '');

    const wrong = await changeEmail(pro.token, { email: newEmail, current_password: 'pas le bon' }).expect(
      400,
    );
    expect(wrong.body).toMatchObject({
      code: 'CURRENT_PASSWORD_INVALID',
      message: 'Mot de passe actuel incorrect',
    });

    const asked = await changeEmail(pro.token, { email: newEmail, current_password: PASSWORD }).expect(202);
    expect(asked.body.message).toContain(newEmail.toLowerCase());
    // Nothing moves until the link is opened: the current address still signs in.
    expect((await db.userRow(pro.id)).email).toBe(pro.email);
    await login(pro.email).expect(200);

    const link = await smtp.waitFor(
      newEmail.toLowerCase(),
      1,
      15_000,
      'Confirmez votre nouvelle adresse email',
    );
    expect(link.text).toContain('https://rdv.example/user/confirmer-email?token=');
    const notice = await smtp.waitFor(pro.email, 1, 15_000, 'Changement de votre adresse email');
    expect(notice.text).toContain(newEmail.toLowerCase());
    expect(notice.text).not.toContain('token=');

    await linkCommitted(pro.id);
    const confirmed = await confirm(tokenIn(link.text)).expect(200);
    expect(confirmed.body).toEqual({
      message: 'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
      email: newEmail.toLowerCase(),
    });
    expect((await db.userRow(pro.id)).email).toBe(newEmail.toLowerCase());
    await login(newEmail).expect(200);
    await login(pro.email).expect(404);

    // Single use.
    const again = await confirm(tokenIn(link.text)).expect(400);
    expect(again.body.code).toBe('EMAIL_CHANGE_TOKEN_INVALID');
  });

  it('refuses an address another account has, its own address, bad input, and a PUT that skips the link', async () => {
    const pro = await db.user(uniqueTag('mail'));
    const other = await db.user(uniqueTag('mail'));
    const taken = await changeEmail(pro.token, {
      email: other.email.toUpperCase(),
      current_password: PASSWORD,
    }).expect(409);
    expect(taken.body).toEqual({
      statusCode: 409,
      code: 'EMAIL_ALREADY_EXISTS',
      message: 'Email already exists',
    });
    const same = await changeEmail(pro.token, { email: pro.email, current_password: PASSWORD }).expect(400);
    expect(same.body.message).toBe('C’est déjà votre adresse email');
    const bad = await changeEmail(pro.token, { email: 'pas-un-email', current_password: PASSWORD }).expect(
      400,
    );
    expect(bad.body.message).toBe('email must be an email');
    await changeEmail(pro.token, { email: 'x@example.test' }).expect(400);
    await http()
      .post('/api/v1/auth/user/change-email')
      .send({ email: 'x@example.test', current_password: PASSWORD })
      .expect(401);

    const skipped = await http()
      .put(`/api/v1/users/${pro.id}`)
      .set('Authorization', `Bearer ${pro.token}`)
      .send({ email: `direct.${uniqueTag('x')}@example.test`.replace(/[^A-Za-z0-9.@-]/g, '') })
      .expect(400);
    expect(skipped.body.code).toBe('EMAIL_CHANGE_NEEDS_CONFIRMATION');
    expect((await db.userRow(pro.id)).email).toBe(pro.email);

    await confirm('x'.repeat(43)).expect(400);
    await confirm('').expect(400);
  });

  it('does not move the account when the new address was taken between the request and the link', async () => {
    const pro = await db.user(uniqueTag('mail'));
    const wanted = `convoitee.${uniqueTag('adr')}@example.test`.replace(/[^A-Za-z0-9.@-]/g, '').toLowerCase();
    await changeEmail(pro.token, { email: wanted, current_password: PASSWORD }).expect(202);
    const link = await smtp.waitFor(wanted, 1, 15_000, 'Confirmez votre nouvelle adresse email');
    await db.pool.query(
      'UPDATE users SET email = $1 WHERE id = (SELECT id FROM users WHERE id <> $2 AND email LIKE $3 LIMIT 1)',
      [wanted, pro.id, 'user.%@example.test'],
    );
    await linkCommitted(pro.id);
    const refused = await confirm(tokenIn(link.text)).expect(409);
    expect(refused.body.code).toBe('EMAIL_ALREADY_EXISTS');
    expect((await db.userRow(pro.id)).email).toBe(pro.email);
  });
});

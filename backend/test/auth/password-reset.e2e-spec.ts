import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { Clock } from '../../src/modules/identity/clock';
import { FakeClock, PASSWORD, SeededAccount, SeededUser, TestDb, uniqueTag } from './support/fixtures';
import { SmtpReceiver } from './support/smtp-receiver';
import { startStack, type TestStack } from '../support/stack';

const FORGOT_MESSAGE =
  'Un email contenant les instructions pour réinitialiser votre mot de passe va vous être envoyé.';
const RESET_MESSAGE =
  'Votre mot de passe a été modifié. Veuillez vous reconnecter avec votre nouveau mot de passe.';
const NEW_PASSWORD = 'a brand new passphrase, quite long';

/** The reset link of a mail, from its text body (and the same link in the HTML). */
function linkOf(mail: ParsedMail): URL {
  const match = /(http:\/\/localhost:3000\/\S+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`No link in mail: ${mail.text}`);
  expect(mail.html).toContain(match[1].replace(/&/g, '&amp;'));
  return new URL(match[1]);
}

describe('Forgotten password and reset (outbox -> BullMQ -> worker -> SMTP)', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let db: TestDb;
  const clock = new FakeClock();
  let admin: SeededAccount;
  let user: SeededUser;
  let attendee: SeededAccount;
  let ipCounter = 0;
  const ip = () => `203.0.113.${(ipCounter += 1)}`;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    stack = await startStack({}, { customize: (builder) => builder.overrideProvider(Clock).useValue(clock) });
    ({ app, smtp } = stack);
    db = new TestDb();
    const tag = uniqueTag('reset');
    [admin, user, attendee] = await Promise.all([db.admin(tag), db.user(tag), db.attendee(tag)]);
  });

  afterAll(async () => {
    await stack.close();
    await db.close();
  });

  afterEach(() => clock.reset());

  const cases = [
    {
      kind: 'user',
      secure: '/user/mot-de-passe-oublie',
      path: '/user/reinitialiser-mot-de-passe',
      account: () => user,
      login: (password: string) =>
        http().post('/api/v1/login').set('x-forwarded-for', ip()).send({ username: user.username, password }),
    },
    {
      kind: 'attendee',
      secure: '/participant/mot-de-passe-oublie',
      path: '/participant/reinitialiser-mot-de-passe',
      account: () => attendee,
      login: (password: string) =>
        http()
          .post('/api/v1/auth/attendee/login')
          .set('x-forwarded-for', ip())
          .send({ email: attendee.email, password }),
    },
    {
      kind: 'admin',
      secure: '/admin/forgot-password',
      path: '/admin/reset-password',
      account: () => admin,
      login: (password: string) =>
        http()
          .post('/api/v1/auth/admin/login')
          .set('x-forwarded-for', ip())
          .send({ email: admin.email, password }),
    },
  ] as const;

  it.each(cases)(
    '$kind: the mail holds a single-use link; the new password works and the old one no longer does',
    async ({ kind, path, secure, account, login }) => {
      const { email } = account();
      const otherDevice = db.tokenIssuedAgo(kind, account().id, 5);
      await http()
        .get(`/api/v1/auth/${kind}/check-logged`)
        .set('authorization', `Bearer ${otherDevice}`)
        .expect(200);
      const forgot = await http()
        .post(`/api/v1/auth/${kind}/forgot-password`)
        .set('x-forwarded-for', ip())
        .send({ email: email.toUpperCase() })
        .expect(200);
      expect(forgot.body).toEqual({ message: FORGOT_MESSAGE });

      const mail = await smtp.waitFor(email, 1, 15_000, 'Réinitialisation de votre mot de passe');
      expect(mail.text).toContain('valable une heure');
      const link = linkOf(mail);
      expect(link.pathname).toBe(path);
      const token = link.searchParams.get('token') ?? '';
      expect(token.length).toBeGreaterThanOrEqual(43);

      // Only a hash of the token is stored.
      const stored = await db.pool.query(
        'SELECT token_hash FROM password_reset_tokens WHERE account_id = $1',
        [account().id],
      );
      expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);

      const reset = await http()
        .post(`/api/v1/auth/${kind}/reset-password`)
        .send({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
        .expect(200);
      expect(reset.body).toEqual({ message: RESET_MESSAGE });
      const fresh = await login(NEW_PASSWORD).expect(200);
      await login(PASSWORD).expect(401);
      // Sessions opened before the reset end; the one opened with the new password works.
      await http()
        .get(`/api/v1/auth/${kind}/check-logged`)
        .set('authorization', `Bearer ${otherDevice}`)
        .expect(401);
      await http()
        .get(`/api/v1/auth/${kind}/check-logged`)
        .set('authorization', `Bearer ${fresh.body.token}`)
        .expect(200);

      const again = await http()
        .post(`/api/v1/auth/${kind}/reset-password`)
        .send({ token, password: 'yet another password', password_confirmation: 'yet another password' })
        .expect(400);
      expect(again.body.code).toBe('RESET_TOKEN_INVALID');
      await login(NEW_PASSWORD).expect(200);

      // The owner is told, with the way back if it was not them.
      const notice = await smtp.waitFor(email, 1, 15_000, 'Votre mot de passe a été modifié');
      expect(notice.text).toContain('Toutes les sessions ouvertes avant ce changement ont été déconnectées');
      expect(notice.text).toContain("Si ce n'est pas vous, sécurisez votre compte tout de suite");
      expect(new URL(notice.text!.match(/https?:\/\/\S+/)![0]).pathname).toBe(secure);
    },
  );

  it('a password changed from the account is told to its address once; a refused attempt tells nothing', async () => {
    const tag = uniqueTag('changed');
    const [pro, client] = await Promise.all([db.user(tag), db.attendee(tag)]);
    const proToken = (
      await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', ip())
        .send({ username: pro.username, password: PASSWORD })
    ).body.token as string;
    const clientToken = (
      await http()
        .post('/api/v1/auth/attendee/login')
        .set('x-forwarded-for', ip())
        .send({ email: client.email, password: PASSWORD })
    ).body.token as string;
    const change = (kind: 'user' | 'attendee', token: string, current: string) =>
      http()
        .post(`/api/v1/auth/${kind}/change-password`)
        .set('authorization', `Bearer ${token}`)
        .set('x-forwarded-for', ip())
        .send({ current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    await change('user', proToken, 'pas le bon').expect(400);
    await change('attendee', clientToken, 'pas le bon').expect(400);
    await change('user', proToken, PASSWORD).expect(200);
    await change('attendee', clientToken, PASSWORD).expect(200);
    for (const email of [pro.email, client.email]) {
      const notice = await smtp.waitFor(email, 1, 15_000, 'Votre mot de passe a été modifié');
      expect(notice.text).toMatch(/a été modifié le \S+ \d{1,2} \S+ \d{4} à \d{2}h\d{2} \(heure de Paris\)/);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const email of [pro.email, client.email])
      expect(smtp.to(email).filter((m) => m.subject === 'Votre mot de passe a été modifié')).toHaveLength(1);
  });

  it('answers the same message for an unknown email and sends no mail', async () => {
    const response = await http()
      .post('/api/v1/auth/user/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email: 'nobody@example.test' })
      .expect(200);
    expect(response.body).toEqual({ message: FORGOT_MESSAGE });
    // A known account asked right after: its mail arrives, and nothing was sent to the unknown address.
    const known = await db.attendee(uniqueTag('known'));
    await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email: known.email })
      .expect(200);
    await smtp.waitFor(known.email);
    expect(smtp.to('nobody@example.test')).toHaveLength(0);
    const outbox = await db.pool.query(
      "SELECT count(*) FROM outbox WHERE job_name = 'auth.password-reset' AND payload::text LIKE '%nobody%'",
    );
    expect(Number(outbox.rows[0].count)).toBe(0);
  });

  it('a link of one kind of account does not reset another kind', async () => {
    const victim = await db.attendee(uniqueTag('cross'));
    await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email: victim.email })
      .expect(200);
    const token = linkOf(await smtp.waitFor(victim.email)).searchParams.get('token');
    await http()
      .post('/api/v1/auth/user/reset-password')
      .send({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(400);
    await http()
      .post('/api/v1/auth/attendee/reset-password')
      .send({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(200);
  });

  it('a link expires after one hour', async () => {
    const late = await db.attendee(uniqueTag('late'));
    await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email: late.email })
      .expect(200);
    const token = linkOf(await smtp.waitFor(late.email)).searchParams.get('token');
    clock.advance(61 * 60 * 1000);
    const response = await http()
      .post('/api/v1/auth/attendee/reset-password')
      .send({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'RESET_TOKEN_INVALID',
      message: 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.',
    });
    clock.reset();
    await http()
      .post('/api/v1/auth/attendee/login')
      .set('x-forwarded-for', ip())
      .send({ email: late.email, password: PASSWORD })
      .expect(200);
  });

  it('a new password kills the other links sent before', async () => {
    const twice = await db.attendee(uniqueTag('twice'));
    await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email: twice.email })
      .expect(200);
    const first = linkOf(await smtp.waitFor(twice.email, 1)).searchParams.get('token');
    await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email: twice.email })
      .expect(200);
    const second = linkOf(await smtp.waitFor(twice.email, 2)).searchParams.get('token');
    await http()
      .post('/api/v1/auth/attendee/reset-password')
      .send({ token: second, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(200);
    await http()
      .post('/api/v1/auth/attendee/reset-password')
      .send({ token: first, password: 'other password 123', password_confirmation: 'other password 123' })
      .expect(400);
  });

  it('an attendee who booked without an account (no password) sets one through the link', async () => {
    const tag = uniqueTag('guest');
    const email = `guest.${tag}@example.test`;
    await db.pool.query('INSERT INTO attendees (email, first_name) VALUES ($1, $2)', [email, 'Guest']);
    await http()
      .post('/api/v1/auth/attendee/forgot-password')
      .set('x-forwarded-for', ip())
      .send({ email })
      .expect(200);
    const token = linkOf(await smtp.waitFor(email)).searchParams.get('token');
    await http()
      .post('/api/v1/auth/attendee/reset-password')
      .send({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(200);
    await http()
      .post('/api/v1/auth/attendee/login')
      .set('x-forwarded-for', ip())
      .send({ email, password: NEW_PASSWORD })
      .expect(200);
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['/api/v1/auth/user/forgot-password', { email: 'not-an-email' }, 'email must be an email'],
      ['/api/v1/auth/user/forgot-password', {}, 'email must be an email'],
      [
        '/api/v1/auth/user/reset-password',
        { token: 'x', password: 'short', password_confirmation: 'short' },
        'Le mot de passe doit contenir au moins 8 caractères',
      ],
      [
        '/api/v1/auth/user/reset-password',
        { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        'Le lien de réinitialisation est invalide',
      ],
      [
        '/api/v1/auth/user/reset-password',
        { token: 'x', password: NEW_PASSWORD, password_confirmation: 'different one!' },
        'Password are not the same',
      ],
      [
        '/api/v1/auth/user/reset-password',
        { token: 'x', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        'Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.',
      ],
    ])('POST %s %j -> 400 %s', async (path, body, message) => {
      const before = await db.userRow(user.id);
      const response = await http().post(path).set('x-forwarded-for', ip()).send(body).expect(400);
      expect(response.body.message).toBe(message);
      expect(await db.userRow(user.id)).toEqual(before);
    });

    it('an unknown kind of account is 404', async () => {
      await http().post('/api/v1/auth/robot/forgot-password').send({ email: admin.email }).expect(404);
    });
  });
});

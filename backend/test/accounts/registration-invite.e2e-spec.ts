import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startWorker } from '../support/fixtures';

const COMPLETION = {
  password: PASSWORD,
  password_confirmation: PASSWORD,
  telephone: '06 12 34 56 78',
  cgu_accepted: true,
  privacy_accepted: true,
};

/**
 * The sign-up of a professional created by an admin needs the secret of the
 * mailed link (single use, 7 days); the user id alone (public) gives nothing.
 */
describe('Invitation of a professional created without a password', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());

  /** Creates a professional without a password as the admin; returns their id and email. */
  async function invite(firstName = 'Inès'): Promise<{ id: string; email: string }> {
    const email = `invited.${uniqueTag('i')}@example.test`;
    const created = await http()
      .post('/api/v1/users')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ first_name: firstName, last_name: 'Invitée', email })
      .expect(201);
    return { id: created.body._id, email };
  }

  /** The link of the `nth` mail received by `email`. */
  async function mailedLink(email: string, nth = 1): Promise<URL> {
    const mail = await smtp.waitFor(email, nth);
    return new URL(/(http:\/\/localhost:3000\/\S+)/.exec(mail.text ?? '')?.[1] ?? '');
  }

  const registrationOf = (id: string, token?: string) =>
    http()
      .get(`/api/v1/users/${id}/registration`)
      .query(token === undefined ? {} : { token });
  const complete = (id: string, token?: string) =>
    http()
      .post(`/api/v1/users/${id}/complete-registration`)
      .query(token === undefined ? {} : { token })
      .send(COMPLETION);

  beforeAll(async () => {
    smtp = await SmtpReceiver.start();
    app = await createTestApp({ env: { SMTP_URL: smtp.url } });
    worker = await startWorker({ SMTP_URL: smtp.url });
    db = new TestDb();
    admin = await db.admin(uniqueTag('inv'));
  });

  afterAll(async () => {
    await worker.close();
    await app.close();
    await smtp.close();
    await db.close();
  });

  it('mails /user/inscription/{userId}?token=...; with it the professional finishes and signs in', async () => {
    const { id, email } = await invite();
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Finalisez votre inscription');
    expect(mail.text).toContain('Bonjour Inès,');
    const link = await mailedLink(email);
    expect(link.pathname).toBe(`/user/inscription/${id}`);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only the hash is stored.
    const stored = await db.pool.query('SELECT token_hash FROM password_reset_tokens WHERE account_id = $1', [
      id,
    ]);
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);

    const registration = await registrationOf(id, token).expect(200);
    expect(registration.body).toEqual({
      first_name: 'Inès',
      last_name: 'Invitée',
      email,
      telephone: null,
      country: 'FR',
      city: null,
      office_name: null,
    });
    const done = await complete(id, token).expect(200);
    expect(done.body.user.registrationComplete).toBe(true);
    await http()
      .get('/api/v1/auth/user/check-logged')
      .set('authorization', `Bearer ${done.body.token}`)
      .expect(200);
  });

  it('without the token, with a wrong one or for an unknown id: the same 404, no email, no password set', async () => {
    const { id } = await invite();
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const answers = [
      await registrationOf(id),
      await registrationOf(id, ''),
      await registrationOf(id, 'devine-le'),
      await registrationOf(unknownId, 'devine-le'),
      await complete(id),
      await complete(id, 'devine-le'),
      await complete(unknownId, 'devine-le'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        statusCode: 404,
        code: 'REGISTRATION_NOT_FOUND',
        message: 'Aucune inscription en attente pour ce compte',
      });
    }
    expect((await db.userRow(id)).passwordHash).toBeNull();
  });

  it("refuses another professional's token: a link opens only its own account", async () => {
    const first = await invite();
    const second = await invite();
    const secondToken = (await mailedLink(second.email)).searchParams.get('token') ?? '';
    await registrationOf(first.id, secondToken).expect(404);
    await complete(first.id, secondToken).expect(404);
    expect((await db.userRow(first.id)).passwordHash).toBeNull();
    // The token was not spent by the refused attempt.
    await registrationOf(second.id, secondToken).expect(200);
  });

  it('a link works once', async () => {
    const { id, email } = await invite();
    const token = (await mailedLink(email)).searchParams.get('token') ?? '';
    await complete(id, token).expect(200);
    await complete(id, token).expect(404);
    await registrationOf(id, token).expect(404);
  });

  it('a link expires after 7 days', async () => {
    const { id, email } = await invite();
    const token = (await mailedLink(email)).searchParams.get('token') ?? '';
    const expiry = await db.pool.query(
      "SELECT expires_at - created_at AS lifetime FROM password_reset_tokens WHERE account_id = $1 AND purpose = 'registration'",
      [id],
    );
    expect(expiry.rows[0].lifetime).toEqual({ days: 7 });
    await db.pool.query(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1",
      [id],
    );
    await registrationOf(id, token).expect(404);
    await complete(id, token).expect(404);
  });

  it('a sign-up link is no password-reset link', async () => {
    const { email } = await invite();
    const token = (await mailedLink(email)).searchParams.get('token') ?? '';
    await http()
      .post('/api/v1/auth/user/reset-password')
      .send({ token, password: PASSWORD, password_confirmation: PASSWORD })
      .expect(400);
  });

  it('the admin re-sends the invitation: a new link works, the older one no longer does', async () => {
    const { id, email } = await invite('Rémi');
    const oldToken = (await mailedLink(email)).searchParams.get('token') ?? '';
    const resent = await http()
      .post(`/api/v1/admin/users/${id}/resend-invitation`)
      .set('authorization', `Bearer ${admin.token}`)
      .expect(202);
    expect(resent.body.message).toBe(`L'invitation a été renvoyée à ${email}.`);
    const newToken = (await mailedLink(email, 2)).searchParams.get('token') ?? '';
    expect(newToken).not.toBe(oldToken);
    await registrationOf(id, oldToken).expect(404);
    await complete(id, newToken).expect(200);

    const again = await http()
      .post(`/api/v1/admin/users/${id}/resend-invitation`)
      .set('authorization', `Bearer ${admin.token}`)
      .expect(409);
    expect(again.body.code).toBe('REGISTRATION_ALREADY_COMPLETED');
  });

  it('only an admin re-sends an invitation', async () => {
    const { id } = await invite();
    const professional = await db.user(uniqueTag('p'));
    await http().post(`/api/v1/admin/users/${id}/resend-invitation`).expect(401);
    await http()
      .post(`/api/v1/admin/users/${id}/resend-invitation`)
      .set('authorization', `Bearer ${professional.token}`)
      .expect(401);
    await http()
      .post('/api/v1/admin/users/00000000-0000-4000-8000-000000000000/resend-invitation')
      .set('authorization', `Bearer ${admin.token}`)
      .expect(404);
  });

  it('sends no invitation to a professional created with a password', async () => {
    const email = `ready.${uniqueTag('r')}@example.test`;
    await http()
      .post('/api/v1/users')
      .set('authorization', `Bearer ${admin.token}`)
      .send({
        first_name: 'Prête',
        last_name: 'Déjà',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      })
      .expect(201);
    const outbox = await db.pool.query(
      "SELECT count(*) FROM outbox WHERE job_name = 'accounts.registration-invite' AND payload->>'userId' = (SELECT id::text FROM users WHERE email = $1)",
      [email],
    );
    expect(Number(outbox.rows[0].count)).toBe(0);
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, TestDb, uniqueTag } from './support/fixtures';
import { SmtpReceiver } from './support/smtp-receiver';
import { startWorker } from '../support/fixtures';

/**
 * A client's sign-in address moves the way a professional's does: the current password, a link mailed to the
 * new address, a notice to the current one; opening the link ends every session opened before.
 */
describe('A client changes their sign-in address', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let db: TestDb;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    smtp = await SmtpReceiver.start();
    app = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://rdv.example' } });
    worker = await startWorker({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://rdv.example' });
    db = new TestDb();
  }, 120_000);

  afterAll(async () => {
    await worker.close();
    await app.close();
    await smtp.close();
    await db.close();
  });

  const newAddress = () => `nouvelle.${uniqueTag('adr')}@example.test`;
  const checkLogged = (token: string) =>
    http().get('/api/v1/auth/attendee/check-logged').set('Authorization', `Bearer ${token}`);
  const login = (email: string) =>
    http().post('/api/v1/auth/attendee/login').send({ email, password: PASSWORD });

  it('refuses a PUT that changes the address without the mailed link, and changes nothing', async () => {
    const client = await db.attendee(uniqueTag('put'));
    const skipped = await http()
      .put(`/api/v1/attendees/${client.id}`)
      .set('Authorization', `Bearer ${client.token}`)
      .send({ email: newAddress() })
      .expect(400);
    expect(skipped.body.code).toBe('EMAIL_CHANGE_NEEDS_CONFIRMATION');
    expect((await db.attendeeRow(client.id)).email).toBe(client.email);
    // The same address (the profile form sends it back unchanged) is not a change.
    await http()
      .put(`/api/v1/attendees/${client.id}`)
      .set('Authorization', `Bearer ${client.token}`)
      .send({ email: client.email, first_name: 'Alexandra' })
      .expect(200);
  }, 60_000);

  it('needs the current password, mails the link and a notice, and moves the account when the link is opened', async () => {
    const client = await db.attendee(uniqueTag('mail'));
    const other = await login(client.email).expect(200);
    const target = newAddress();
    const change = (body: object) =>
      http()
        .post('/api/v1/auth/attendee/change-email')
        .set('Authorization', `Bearer ${client.token}`)
        .send(body);

    const wrong = await change({ email: target, current_password: 'pas le bon' }).expect(400);
    expect(wrong.body.code).toBe('CURRENT_PASSWORD_INVALID');
    await change({ email: target, current_password: PASSWORD }).expect(202);
    expect((await db.attendeeRow(client.id)).email).toBe(client.email);

    const link = await smtp.waitFor(target, 1, 20_000, 'Confirmez votre nouvelle adresse email');
    const token = decodeURIComponent(
      /\/participant\/confirmer-email\?token=([^\s"<>]+)/.exec(link.text ?? '')![1],
    );
    const notice = await smtp.waitFor(client.email, 1, 20_000, 'Changement de votre adresse email');
    expect(notice.text).toContain(target);
    expect(notice.text).not.toContain('token=');

    // The link is committed with the job that mailed it.
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.pool.query(
        `SELECT 1 FROM password_reset_tokens WHERE purpose = 'email_change' AND account_id = $1 AND used_at IS NULL`,
        [client.id],
      );
      if (rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Opened in the same second as the sessions it ends: revocations cut at whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const confirmed = await http().post('/api/v1/auth/attendee/confirm-email').send({ token }).expect(200);
    expect(confirmed.body.email).toBe(target);
    expect((await db.attendeeRow(client.id)).email).toBe(target);
    await login(target).expect(200);
    await login(client.email).expect(404);
    // Every session opened before the change ended.
    await checkLogged(client.token).expect(401);
    await checkLogged(other.body.token).expect(401);
    // Single use.
    await http().post('/api/v1/auth/attendee/confirm-email').send({ token }).expect(400);
  }, 120_000);
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startWorker } from '../auth/support/worker';

describe('Invitation of a professional created without a password', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());

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

  it('mails the /user/inscription/{userId} link; the professional finishes there and signs in', async () => {
    const email = `invited.${uniqueTag('i')}@example.test`;
    const created = await http()
      .post('/api/v1/users')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ first_name: 'Inès', last_name: 'Invitée', email })
      .expect(201);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Finalisez votre inscription');
    expect(mail.text).toContain('Bonjour Inès,');
    const link = new URL(/(http:\/\/localhost:3000\/\S+)/.exec(mail.text ?? '')?.[1] ?? '');
    expect(link.pathname).toBe(`/user/inscription/${created.body._id}`);

    const userId = link.pathname.split('/').pop();
    const registration = await http().get(`/api/v1/users/${userId}/registration`).expect(200);
    expect(registration.body).toEqual({ first_name: 'Inès', last_name: 'Invitée', email });
    const done = await http()
      .post(`/api/v1/users/${userId}/complete-registration`)
      .send({
        password: PASSWORD,
        password_confirmation: PASSWORD,
        telephone: '06 12 34 56 78',
        cgu_accepted: true,
        privacy_accepted: true,
      })
      .expect(200);
    expect(done.body.user.registrationComplete).toBe(true);
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

import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { HostResolver } from '../../src/modules/notifications/chat-webhook-address';
import { createTestApp } from '../app';
import { bearer, createProfessional, poolOf, tokenFor, type TestProfessional } from './booking-fixtures';

describe('Booking settings: mail templates (admin) and the office chat webhook (professional)', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let pro: TestProfessional;
  const admin = () => bearer(tokenFor('admin', randomUUID()));
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    // Offline test machines: the webhook's name resolves to a public address through a stand-in.
    app = await createTestApp({
      customize: (builder) =>
        builder.overrideProvider(HostResolver).useValue({ resolve: async () => ['93.184.215.14'] }),
    });
    pool = poolOf(app);
    pro = await createProfessional(pool);
  });

  afterAll(async () => {
    await pool.query(`DELETE FROM mail_templates`);
    await app.close();
  });

  it('lists every template with its French default, for react-admin', async () => {
    const response = await http()
      .get('/api/v1/admin/mail-templates')
      .query({ range: '[0,24]' })
      .set(admin())
      .expect(200);
    expect(response.headers['content-range']).toBe('mail-templates 0-9/10');
    const validated = response.body.find((t: { key: string }) => t.key === 'appointment.validated.attendee');
    expect(validated).toMatchObject({
      id: 'appointment.validated.attendee',
      customized: false,
      subject: 'Votre rendez-vous du {{appointment.date}} à {{appointment.time}} est confirmé',
    });
    await http().get('/api/v1/admin/mail-templates').set(bearer(pro.token)).expect(401);
  });

  it('overrides a template (checked to compile) and resets it to the default', async () => {
    const bad = await http()
      .put('/api/v1/admin/mail-templates/appointment.refused.attendee')
      .set(admin())
      .send({ subject: 'Refus {{#if x}}', html: '<p>x</p>', text: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_TEMPLATE');
    const ok = await http()
      .put('/api/v1/admin/mail-templates/appointment.refused.attendee')
      .set(admin())
      .send({ subject: 'Refus', html: '<p>x</p>', text: 'x' })
      .expect(200);
    expect(ok.body).toMatchObject({ customized: true, subject: 'Refus' });
    await http()
      .put('/api/v1/admin/mail-templates/unknown.key')
      .set(admin())
      .send({ subject: 'a', html: 'b', text: 'c' })
      .expect(404);
    const reset = await http()
      .delete('/api/v1/admin/mail-templates/appointment.refused.attendee')
      .set(admin())
      .expect(200);
    expect(reset.body.customized).toBe(false);
  });

  it('lets a professional set their office’s webhook, never another professional’s', async () => {
    const empty = await http()
      .get(`/api/v1/users/${pro.id}/chat-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(empty.body).toMatchObject({ webhookUrl: null, enabled: false, teamId: pro.teamId });
    const saved = await http()
      .put(`/api/v1/users/${pro.id}/chat-settings`)
      .set(bearer(pro.token))
      .send({ webhookUrl: 'https://hooks.example.test/T1', messageTemplate: 'RDV {{attendee.name}}' })
      .expect(200);
    expect(saved.body).toMatchObject({
      webhookUrl: 'https://hooks.example.test/T1',
      messageTemplate: 'RDV {{attendee.name}}',
      enabled: true,
    });
    const bad = await http()
      .put(`/api/v1/users/${pro.id}/chat-settings`)
      .set(bearer(pro.token))
      .send({ webhookUrl: 'ftp://x' });
    expect(bad.status).toBe(400);
    const other = await createProfessional(pool);
    await http()
      .put(`/api/v1/users/${pro.id}/chat-settings`)
      .set(bearer(other.token))
      .send({ webhookUrl: 'https://evil.example.test' })
      .expect(403);
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { HostResolver } from '../../src/modules/notifications/chat-webhook-address';
import { createTestApp } from '../app';
import { bearer, createProfessional, poolOf, type TestProfessional } from '../support/fixtures';

/** DNS stand-in (the test machines are offline): names of the office tools and of internal hosts. */
const DNS: Record<string, string[]> = {
  'hooks.example.test': ['93.184.215.14'],
  'intranet.example.test': ['10.0.0.12'],
  'metadata.google.internal': ['169.254.169.254'],
  localhost: ['127.0.0.1'],
};

describe('Office chat webhook settings: no SSRF, no bearer links', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let pro: TestProfessional;
  const save = (body: Record<string, unknown>) =>
    request(app.getHttpServer())
      .put(`/api/v1/users/${pro.id}/chat-settings`)
      .set(bearer(pro.token))
      .send(body);
  const stored = async () =>
    (
      await pool.query(`SELECT webhook_url, message_template FROM team_chat_settings WHERE team_id = $1`, [
        pro.teamId,
      ])
    ).rows;

  beforeAll(async () => {
    app = await createTestApp({
      customize: (builder) =>
        builder.overrideProvider(HostResolver).useValue({
          resolve: async (hostname: string) => {
            const answer = DNS[hostname];
            if (!answer) throw new Error(`ENOTFOUND ${hostname}`);
            return answer;
          },
        }),
    });
    pool = poolOf(app);
    pro = await createProfessional(pool);
    await save({
      webhookUrl: 'https://hooks.example.test/T1',
      messageTemplate: 'RDV {{attendee.name}}',
    }).expect(200);
  });

  afterAll(async () => {
    await app.close();
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'https://127.0.0.1:6379/',
    'https://localhost:5432/',
    'https://[::1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://2130706433/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://intranet.example.test/hook',
    'http://hooks.example.test/T1',
  ])('refuses %s with a French 400 and keeps the saved settings', async (webhookUrl) => {
    const refused = await save({ webhookUrl });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^L’adresse du webhook/);
    expect(await stored()).toEqual([
      { webhook_url: 'https://hooks.example.test/T1', message_template: 'RDV {{attendee.name}}' },
    ]);
  });

  it.each([
    '{{links.validate}}',
    'Refuser : {{links.refuse}}',
    '{{#with links}}{{validate}}{{/with}}',
    '{{lookup links "refuse"}}',
    '{{#with links}}{{appointment}}{{/with}}',
    'Suivi client : {{links.appointment}}',
  ])(
    'refuses a message template with a one-click or attendee link (%s), with a French 400',
    async (template) => {
      const refused = await save({ webhookUrl: 'https://hooks.example.test/T1', messageTemplate: template });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'INVALID_TEMPLATE' });
      expect(refused.body.message).toContain('ne peuvent pas être envoyés au cabinet');
      expect((await stored())[0].message_template).toBe('RDV {{attendee.name}}');
    },
  );

  it('accepts a template with the appointment’s details and the office-safe links', async () => {
    await save({
      webhookUrl: 'https://hooks.example.test/T2',
      messageTemplate:
        'RDV {{attendee.name}} le {{appointment.date}} à {{appointment.time}} ({{this.appointment.modeLabel}}) : {{links.userEvents}}',
    }).expect(200);
  });
});

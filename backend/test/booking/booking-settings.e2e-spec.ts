import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { HostResolver } from '../../src/modules/notifications/chat-webhook-address';
import { createTestApp } from '../app';
import { bearer, createProfessional, poolOf, tokenFor, type TestProfessional } from '../support/fixtures';

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
    expect(response.headers['content-range']).toBe('mail-templates 0-15/16');
    const validated = response.body.find((t: { key: string }) => t.key === 'appointment.validated.attendee');
    expect(validated).toMatchObject({
      id: 'appointment.validated.attendee',
      label: 'Rendez-vous confirmé (au client)',
      customized: false,
      subject: 'Votre rendez-vous du {{appointment.date}} à {{appointment.time}} est confirmé',
    });
    await http().get('/api/v1/admin/mail-templates').set(bearer(pro.token)).expect(401);
  });

  const REFUSED = '/api/v1/admin/mail-templates/appointment.refused.attendee';
  const storedTemplates = async () =>
    (await pool.query<{ key: string; subject: string }>(`SELECT key, subject FROM mail_templates`)).rows;
  const validRefusal = {
    subject: 'Votre rendez-vous du {{appointment.date}} ne peut pas avoir lieu',
    html: '<p>{{professional.name}} ne peut pas vous recevoir le {{appointment.date}}.</p><p><a href="{{links.profile}}">Choisir un autre créneau</a></p>',
    text: '{{professional.name}} ne peut pas vous recevoir le {{appointment.date}}. Autre créneau : {{links.profile}}',
  };

  it('refuses a template that does not compile, in French, naming the field, and saves nothing', async () => {
    const bad = await http()
      .put(REFUSED)
      .set(admin())
      .send({ ...validRefusal, subject: 'Refus {{#if reason}}' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_TEMPLATE');
    expect(bad.body.errors.subject).toMatch(/^Sujet : modèle Handlebars invalide/);
    expect(bad.body.message).toMatch(/^Sujet : modèle Handlebars invalide/);
    expect(await storedTemplates()).toEqual([]);
  });

  it('refuses an unknown variable and a missing required one, field by field, and saves nothing', async () => {
    const bad = await http()
      .put(REFUSED)
      .set(admin())
      .send({
        ...validRefusal,
        html: validRefusal.html.replace('{{professional.name}}', '{{profesional.name}}'),
        text: 'Désolé, votre rendez-vous est refusé.',
      });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      statusCode: 400,
      code: 'INVALID_TEMPLATE',
      errors: {
        html: 'HTML : variable inconnue {{profesional.name}}',
        text:
          'Texte : variables obligatoires absentes {{professional.name}} (Nom complet du professionnel), ' +
          '{{appointment.date}} (Date du rendez-vous (« jeudi 12 mars 2026 »)), ' +
          '{{links.profile}} (Lien vers la page du professionnel)',
      },
    });
    expect(bad.body.errors.subject).toBeUndefined();
    expect(await storedTemplates()).toEqual([]);
  });

  it('refuses a NUL byte in a template with a French 400, not a database error', async () => {
    const bad = await http()
      .put(REFUSED)
      .set(admin())
      .send({ ...validRefusal, html: `${validRefusal.html}\u0000` });
    // The API refuses NUL bytes in any body before the handler (one rule for every endpoint).
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_CHARACTERS');
    expect(bad.body.message).toMatch(/caractère/i);
    expect(await storedTemplates()).toEqual([]);
  });

  it('refuses the subject "24:61" with the body "NaN" that clients once received', async () => {
    const bad = await http().put(REFUSED).set(admin()).send({ subject: '24:61', html: 'NaN', text: 'NaN' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.subject).toBe(
      'Sujet : « 24:61 » ne ressemble pas à un sujet de mail (il faut au moins un mot)',
    );
    expect(bad.body.errors.html).toMatch(/^HTML : variables obligatoires absentes/);
    expect(await storedTemplates()).toEqual([]);
  });

  it('saves a valid override, used instead of the default, and resets it to the default', async () => {
    const ok = await http().put(REFUSED).set(admin()).send(validRefusal).expect(200);
    expect(ok.body).toMatchObject({ customized: true, subject: validRefusal.subject });
    expect(await storedTemplates()).toEqual([
      { key: 'appointment.refused.attendee', subject: validRefusal.subject },
    ]);
    await http().put('/api/v1/admin/mail-templates/unknown.key').set(admin()).send(validRefusal).expect(404);

    const reset = await http().delete(REFUSED).set(admin()).expect(200);
    expect(reset.body).toMatchObject({
      customized: false,
      subject: 'Votre demande de rendez-vous du {{appointment.date}} n’a pas pu être acceptée',
    });
    expect(await storedTemplates()).toEqual([]);
    await http().delete('/api/v1/admin/mail-templates/unknown.key').set(admin()).expect(404);
    await http().delete(REFUSED).set(bearer(pro.token)).expect(401);
  });

  it('lists the variables of each template with French labels, the required ones marked', async () => {
    const template = await http().get(REFUSED).set(admin()).expect(200);
    const variables = template.body.variables as { name: string; label: string; required: boolean }[];
    expect(variables).toContainEqual({
      name: 'appointment.date',
      label: 'Date du rendez-vous (« jeudi 12 mars 2026 »)',
      required: true,
    });
    expect(variables).toContainEqual({
      name: 'reason',
      label: 'Motif donné par le professionnel',
      required: false,
    });
    expect(variables.map((variable) => variable.name)).not.toContain('links.validate');
  });

  it('previews the saved template and an edited draft with French sample values', async () => {
    const saved = await http().post(`${REFUSED}/preview`).set(admin()).send({}).expect(200);
    const withoutBody = await http().post(`${REFUSED}/preview`).set(admin()).expect(200);
    expect(withoutBody.body).toEqual(saved.body);
    expect(saved.body.subject).toBe(
      'Votre demande de rendez-vous du jeudi 12 mars 2026 n’a pas pu être acceptée',
    );
    expect(saved.body.text).toContain(
      'Claire Dubois ne peut pas vous recevoir le jeudi 12 mars 2026 à 14h30.',
    );
    expect(saved.body.html).toContain('Motif : Je suis en audience ce jour-là.');

    const draft = await http()
      .post(`${REFUSED}/preview`)
      .set(admin())
      .send({ subject: 'Désolé {{attendee.name}}', html: validRefusal.html })
      .expect(200);
    expect(draft.body.subject).toBe('Désolé Julien Martin');
    expect(draft.body.html).toContain(
      '<p>Claire Dubois ne peut pas vous recevoir le jeudi 12 mars 2026.</p>',
    );
    expect(draft.body.html).toContain('href="http://localhost:3000/avocat/claire-dubois"');
    // The edited content is previewed inside the common layout, as it will be sent.
    expect(draft.body.html).toContain('class="mail-footer');
    expect(draft.body.text).toContain('Mentions légales : http://localhost:3000/mentions-legales');

    const invalid = await http()
      .post(`${REFUSED}/preview`)
      .set(admin())
      .send({ subject: 'Désolé {{client.name}}' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ subject: 'Sujet : variable inconnue {{client.name}}' });
    await http().post('/api/v1/admin/mail-templates/unknown.key/preview').set(admin()).send({}).expect(404);
    await http().post(`${REFUSED}/preview`).set(bearer(pro.token)).send({}).expect(401);
    expect(await storedTemplates()).toEqual([]);
  });

  it('lets a professional set their office’s webhook, never another professional’s', async () => {
    const empty = await http()
      .get(`/api/v1/users/${pro.id}/chat-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(empty.body).toMatchObject({ webhookUrl: null, enabled: false, teamId: pro.teamId });
    // The form names what the message may contain from this list, in words.
    expect(empty.body.variables).toContainEqual({ name: 'attendee.name', label: 'Nom du client' });
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

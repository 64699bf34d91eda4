import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { TestDb } from '../auth/support/fixtures';
import {
  bearer,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';

/**
 * Each class of bad input the outside review found answered 500 (or, for one, was
 * stored). Each must now be a 400 with a French message, and nothing written.
 */
describe('Bad input: a clear French 400 and nothing written', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let testDb: TestDb;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  let adminToken: string;
  const http = () => request(app.getHttpServer());

  /** Row counts and content hashes of the tables a request could touch. */
  async function tablesState(): Promise<string> {
    const tables = [
      'users',
      'attendees',
      'appointments',
      'motives',
      'unavailability_periods',
      'outbox',
      'mail_templates',
    ];
    const parts = await Promise.all(
      tables.map(async (table) => {
        const result = await pool.query(
          `SELECT count(*)::int AS n, coalesce(sum(hashtext(t::text)::bigint), 0)::text AS h FROM "${table}" t`,
        );
        return `${table}:${result.rows[0].n}:${result.rows[0].h}`;
      }),
    );
    return parts.join(' ');
  }

  /** Sends, expects a 400 with a French message (no class-validator English) and an unchanged database. */
  async function expectRefused(send: () => request.Test, code?: string): Promise<request.Response> {
    const before = await tablesState();
    const response = await send();
    expect({ status: response.status, body: response.body }).toMatchObject({
      status: 400,
      body: { statusCode: 400, ...(code ? { code } : {}) },
    });
    expect(typeof response.body.message).toBe('string');
    expect(response.body.message).not.toMatch(/must be|should not|is not|Bad Request|Internal/);
    expect(await tablesState()).toBe(before);
    return response;
  }

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    testDb = new TestDb();
    pro = await createProfessional(pool);
    attendee = await createAttendee(pool);
    adminToken = (await testDb.admin(`bad-input-${pro.id.slice(0, 8)}`)).token;
  });

  afterAll(async () => {
    await testDb.close();
    await app.close();
  });

  describe('NUL characters (PostgreSQL cannot store them)', () => {
    it('in a body field: 400 INVALID_CHARACTERS', async () => {
      const response = await expectRefused(
        () =>
          http().put(`/api/v1/users/${pro.id}`).set(bearer(pro.token)).send({ first_name: 'Cam\u0000ille' }),
        'INVALID_CHARACTERS',
      );
      expect(response.body.message).toBe('La requête contient des caractères non autorisés');
    });

    it('in a path parameter: 400, not a database error', async () => {
      await expectRefused(
        () => http().delete('/api/v1/admin/mail-templates/a%00b').set(bearer(adminToken)),
        'INVALID_CHARACTERS',
      );
    });

    it('in a query parameter: 400', async () => {
      await expectRefused(() => http().get('/api/v1/search').query({ q: 'a\u0000' }), 'INVALID_CHARACTERS');
    });
  });

  describe('lone UTF-16 surrogates (the email validator threw on them)', () => {
    it('in an email: 400 INVALID_CHARACTERS', async () => {
      await expectRefused(
        () =>
          http()
            .post('/api/v1/auth/attendee/login')
            .set('Content-Type', 'application/json')
            .send('{"email":"\\ud800@example.test","password":"secret-password"}'),
        'INVALID_CHARACTERS',
      );
    });

    it('in a property name: 400', async () => {
      await expectRefused(
        () =>
          http().post('/api/v1/attendees').set('Content-Type', 'application/json').send('{"\\udfff":"x"}'),
        'INVALID_CHARACTERS',
      );
    });
  });

  describe('deep nesting', () => {
    it('JSON nested 2,500 levels: 400 BODY_TOO_DEEP', async () => {
      const body = `{"first_name":${'['.repeat(2_500)}${']'.repeat(2_500)}}`;
      const response = await expectRefused(
        () =>
          http()
            .put(`/api/v1/users/${pro.id}`)
            .set(bearer(pro.token))
            .set('Content-Type', 'application/json')
            .send(body),
        'BODY_TOO_DEEP',
      );
      expect(response.body.message).toBe('La requête contient trop de niveaux d’imbrication');
    });
  });

  describe('explicit null in optional fields', () => {
    it.each([
      ['first_name', null],
      ['telephone', null],
      ['description', null],
      ['accepts_online_booking', null],
    ])('PUT /users/{id} with %s: null is a 400 or clears the field, never a 500', async (field, value) => {
      const response = await http()
        .put(`/api/v1/users/${pro.id}`)
        .set(bearer(pro.token))
        .send({ [field]: value });
      expect([200, 400]).toContain(response.status);
      if (response.status === 400) expect(response.body.message).not.toMatch(/must be|should not/);
    });

    it('a motive with a null duration: 400', async () => {
      await expectRefused(() =>
        http()
          .post(`/api/v1/users/${pro.id}/motives`)
          .set(bearer(pro.token))
          .send({ title: 'Conseil', durationMinutes: null }),
      );
    });
  });

  describe('out-of-range dates', () => {
    it.each(['0000-01-01T00:00:00+14:00', '9999-12-31T23:59:59+14:00', '1999-12-31T23:00:00+00:00'])(
      'an appointment entered by hand at %s: 400',
      async (start) => {
        const response = await expectRefused(() =>
          http()
            .post(`/api/v1/users/${pro.id}/events`)
            .set(bearer(pro.token))
            .send({ email: 'client@example.test', mode: 'in_person', start, motive_id: pro.motiveId }),
        );
        expect(response.body.message).toBe(
          'La date doit être comprise entre le 1er janvier 2000 et dans 5 ans',
        );
      },
    );

    it('an absence ending in 9999: 400', async () => {
      await expectRefused(() =>
        http()
          .post(`/api/v1/users/${pro.id}/unavailabilities`)
          .set(bearer(pro.token))
          .send({ startsAt: '2026-12-01T09:00:00+01:00', endsAt: '9999-12-31T23:59:59+14:00' }),
      );
    });

    it('moving an appointment to end in 9999, or to last more than 12 hours, is refused and leaves it in place', async () => {
      const [start] = await freeSlots(app, pro, 9);
      const booked = await http()
        .post(`/api/v1/attendees/${attendee.id}/create-event`)
        .set(bearer(attendee.token))
        .send({ user_id: pro.id, motive_id: pro.motiveId, mode: 'in_person', start })
        .expect(201);
      const move = (body: Record<string, string>) =>
        http().post(`/api/v1/events/${booked.body.id_event}/move`).set(bearer(pro.token)).send(body);
      await expectRefused(() => move({ start, end: '9999-12-31T23:59:59+14:00' }));
      const long = await expectRefused(
        () => move({ start, end: new Date(Date.parse(start) + 13 * 3_600_000).toISOString() }),
        'RANGE_TOO_LONG',
      );
      expect(long.body.message).toBe('Un rendez-vous ne peut pas durer plus de 12 heures');
      const stored = await pool.query(`SELECT starts_at, ends_at FROM appointments WHERE id = $1`, [
        booked.body.id_event,
      ]);
      expect(stored.rows[0].ends_at.getTime() - stored.rows[0].starts_at.getTime()).toBe(30 * 60_000);
    });
  });

  describe('integers past 2^31', () => {
    it.each([2 ** 31, 2 ** 53 + 1, 1e308])('a motive lasting %d minutes: 400', async (minutes) => {
      await expectRefused(() =>
        http()
          .post(`/api/v1/users/${pro.id}/motives`)
          .set(bearer(pro.token))
          .send({ title: 'Conseil', durationMinutes: minutes }),
      );
    });

    it('a page number past 2^31 in a list: an empty page, not a database error', async () => {
      const response = await http()
        .get(`/api/v1/users/${pro.id}/events`)
        .set(bearer(pro.token))
        .query({ page: String(2 ** 53) });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
    });
  });

  describe('French messages for what class-validator and Fastify say in English', () => {
    it('an unknown field names it in French', async () => {
      const response = await expectRefused(() =>
        http().put(`/api/v1/users/${pro.id}`).set(bearer(pro.token)).send({ role: 'admin' }),
      );
      expect(response.body.message).toBe('Champ non autorisé : role');
    });

    it('a path that is not valid UTF-8: 400 in the API error shape', async () => {
      const response = await http().get('/api/v1/cities/%ED%A0%80');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        code: 'INVALID_URL',
        message: 'L’adresse de la requête est invalide',
      });
    });

    it('malformed JSON: 400 INVALID_JSON in French', async () => {
      const response = await expectRefused(
        () => http().post('/api/v1/attendees').set('Content-Type', 'application/json').send('{"email":'),
        'INVALID_JSON',
      );
      expect(response.body.message).toBe('Le corps de la requête n’est pas un JSON valide');
    });
  });
});

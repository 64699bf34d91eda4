import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { TestDb } from '../auth/support/fixtures';
import { createTestApp } from '../app';
import { bearer, createAttendee, createProfessional, freeSlots, poolOf } from '../support/fixtures';

/**
 * Shapes the outside review found answered with a 500: a null inside a list, an explicit null for a
 * required text, an empty list where an object is expected, an object where a number or a text is
 * expected (e.g. `{"toString":"x"}`, which breaks implicit conversions). Each must be a French 400 and
 * change nothing.
 */
describe('Malformed values inside bodies are refused with a French 400', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let testDb: TestDb;
  let pro: Awaited<ReturnType<typeof createProfessional>>;
  let adminToken: string;
  let folderId: string;

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    testDb = new TestDb();
    pro = await createProfessional(pool);
    const attendee = await createAttendee(pool);
    adminToken = (await testDb.admin(`malformed-${randomUUID().slice(0, 8)}`)).token;
    const [start] = await freeSlots(app, pro, 9);
    const booked = await request(app.getHttpServer())
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send({ user_id: pro.id, motive_id: pro.motiveId, mode: 'in_person', start })
      .expect(201);
    const folder = await request(app.getHttpServer())
      .post(`/api/v1/events/${booked.body.id_event}/folder`)
      .set(bearer(pro.token))
      .expect(200);
    folderId = folder.body.id;
  }, 120_000);

  afterAll(async () => {
    await testDb?.close();
    await app?.close();
  });

  const cases: [
    string,
    () => { method: 'post' | 'patch' | 'put'; url: string; token?: string; body: unknown },
  ][] = [
    [
      'a null inside the list of Microsoft notifications',
      () => ({
        method: 'post',
        url: '/api/v1/calendar-sync/microsoft/notifications',
        body: { value: [null] },
      }),
    ],
    [
      'a null folder title',
      () => ({
        method: 'patch',
        url: `/api/v1/folders/${folderId}`,
        token: pro.token,
        body: { title: null },
      }),
    ],
    [
      'a null motive title',
      () => ({
        method: 'patch',
        url: `/api/v1/users/${pro.id}/motives/${pro.motiveId}`,
        token: pro.token,
        body: { title: null },
      }),
    ],
    [
      'an empty list instead of an opening range',
      () => ({
        method: 'put',
        url: `/api/v1/calendars/${pro.calendarId}/weekly-availabilities`,
        token: pro.token,
        body: { ranges: [[]] },
      }),
    ],
    [
      'an object posing as a redirect status',
      () => ({
        method: 'post',
        url: '/api/v1/admin/redirects',
        token: adminToken,
        body: { fromPath: '/ancienne', toPath: '/nouvelle', status: { toString: 'x' } },
      }),
    ],
    [
      'an object posing as a text',
      () => ({
        method: 'post',
        url: '/api/v1/admin/redirects',
        token: adminToken,
        body: { fromPath: { toString: '/a' }, toPath: '/nouvelle' },
      }),
    ],
  ];

  it.each(cases)('refuses %s', async (_label, build) => {
    const { method, url, token, body } = build();
    const before = await pool.query(
      `SELECT (SELECT count(*) FROM redirects)::int AS redirects,
              (SELECT md5(string_agg(m::text, ',')) FROM motives m WHERE user_id = $1) AS motives,
              (SELECT md5(string_agg(w::text, ',' ORDER BY w.id)) FROM weekly_availabilities w WHERE calendar_id = $2) AS week`,
      [pro.id, pro.calendarId],
    );
    const call = request(app.getHttpServer())[method](url);
    if (token) call.set(bearer(token));
    const response = await call.send(body as object);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/[a-zàâçéèêëîïôûùüÿœ]/i);
    expect(response.body.message).not.toMatch(/must be|should not|cannot|undefined|TypeError/i);
    const after = await pool.query(
      `SELECT (SELECT count(*) FROM redirects)::int AS redirects,
              (SELECT md5(string_agg(m::text, ',')) FROM motives m WHERE user_id = $1) AS motives,
              (SELECT md5(string_agg(w::text, ',' ORDER BY w.id)) FROM weekly_availabilities w WHERE calendar_id = $2) AS week`,
      [pro.id, pro.calendarId],
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it.each([
    ['a blank folder title', () => `/api/v1/folders/${folderId}`, 'patch' as const, { title: '   ' }],
    [
      'a blank motive title',
      () => `/api/v1/users/${pro.id}/motives/${pro.motiveId}`,
      'patch' as const,
      { title: ' \u200b ' },
    ],
    ['a blank first name', () => `/api/v1/users/${pro.id}`, 'put' as const, { first_name: '\u202e ' }],
  ])('refuses %s', async (_label, url, method, body) => {
    const response = await request(app.getHttpServer())[method](url()).set(bearer(pro.token)).send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('strips bidi override characters from names and titles', async () => {
    await request(app.getHttpServer())
      .patch(`/api/v1/folders/${folderId}`)
      .set(bearer(pro.token))
      .send({ title: '\u202eDossier Durand\u202c' })
      .expect(200);
    await request(app.getHttpServer())
      .put(`/api/v1/users/${pro.id}`)
      .set(bearer(pro.token))
      .send({ last_name: 'Mar\u202etin' })
      .expect(200);
    const { rows } = await pool.query(
      `SELECT (SELECT title FROM client_folders WHERE id = $1) AS title, (SELECT last_name FROM users WHERE id = $2) AS last_name`,
      [folderId, pro.id],
    );
    expect(rows[0]).toEqual({ title: 'Dossier Durand', last_name: 'Martin' });
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { TestDb, uniqueTag } from '../auth/support/fixtures';
import { createProfessional, poolOf, TestProfessional } from '../support/fixtures';

/**
 * Another professional's calendar, motive or appointment, addressed through
 * one's own path or by its id, is "not found" (404), never 409 or 403, which would tell a
 * stranger it exists; and nothing changes.
 */
describe("Someone else's calendar, motive or appointment is 404", () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let db: TestDb;
  let owner: TestProfessional;
  let stranger: TestProfessional;
  let appointmentId: string;
  const http = () => request(app.getHttpServer());
  const asStranger = (call: request.Test) => call.set('authorization', `Bearer ${stranger.token}`);
  const snapshot = async () =>
    (
      await pool.query(
        `SELECT (SELECT row_to_json(c) FROM calendars c WHERE c.id = $1) AS calendar,
                (SELECT row_to_json(m) FROM motives m WHERE m.id = $2) AS motive,
                (SELECT row_to_json(a) FROM appointments a WHERE a.id = $3) AS appointment,
                (SELECT count(*) FROM weekly_availabilities w WHERE w.calendar_id = $1) AS ranges`,
        [owner.calendarId, owner.motiveId, appointmentId],
      )
    ).rows[0];

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    db = new TestDb();
    owner = await createProfessional(pool);
    stranger = await createProfessional(pool);
    const attendee = await db.attendee(uniqueTag('own'));
    // The calendar holds an appointment: deleting it as its owner would be 409 CALENDAR_HAS_APPOINTMENTS.
    appointmentId = await db.appointment(owner.id, attendee.id, 3 * 24 * 60, 'pending');
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each([
    [
      'delete the calendar through their own path',
      'delete',
      () => `/api/v1/users/${stranger.id}/calendars/${owner.calendarId}`,
      undefined,
      'CALENDAR_NOT_FOUND',
    ],
    [
      'rename the calendar through their own path',
      'patch',
      () => `/api/v1/users/${stranger.id}/calendars/${owner.calendarId}`,
      { name: 'Volé' },
      'CALENDAR_NOT_FOUND',
    ],
    [
      'read the weekly hours of the calendar',
      'get',
      () => `/api/v1/calendars/${owner.calendarId}/weekly-availabilities`,
      undefined,
      'CALENDAR_NOT_FOUND',
    ],
    [
      'replace the weekly hours of the calendar',
      'put',
      () => `/api/v1/calendars/${owner.calendarId}/weekly-availabilities`,
      { ranges: [] },
      'CALENDAR_NOT_FOUND',
    ],
    [
      'replace them with an invalid body',
      'put',
      () => `/api/v1/calendars/${owner.calendarId}/weekly-availabilities`,
      {},
      'CALENDAR_NOT_FOUND',
    ],
    [
      'delete the motive through their own path',
      'delete',
      () => `/api/v1/users/${stranger.id}/motives/${owner.motiveId}`,
      undefined,
      'MOTIVE_NOT_FOUND',
    ],
    [
      'change the motive through their own path',
      'patch',
      () => `/api/v1/users/${stranger.id}/motives/${owner.motiveId}`,
      { title: 'Volé' },
      'MOTIVE_NOT_FOUND',
    ],
    [
      'move the appointment, even with an invalid body',
      'post',
      () => `/api/v1/events/${appointmentId}/move`,
      {},
      'APPOINTMENT_NOT_FOUND',
    ],
    [
      'validate the appointment',
      'post',
      () => `/api/v1/events/${appointmentId}/validate`,
      undefined,
      'APPOINTMENT_NOT_FOUND',
    ],
  ] as const)(
    'a stranger trying to %s gets 404 and changes nothing',
    async (_what, method, path, body, code) => {
      const before = await snapshot();
      const call = asStranger(http()[method](path()));
      const response = body === undefined ? await call : await call.send(body);
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('the owner still gets the 409 that explains why the calendar stays', async () => {
    const response = await http()
      .delete(`/api/v1/users/${owner.id}/calendars/${owner.calendarId}`)
      .set('authorization', `Bearer ${owner.token}`)
      .expect(409);
    expect(response.body.code).toBe('CALENDAR_HAS_APPOINTMENTS');
  });

  it('making the default a calendar that is not theirs leaves their own default calendar the default', async () => {
    const before = await pool.query('SELECT id, is_default FROM calendars WHERE user_id = $1 ORDER BY id', [
      stranger.id,
    ]);
    const answer = await asStranger(
      http().patch(`/api/v1/users/${stranger.id}/calendars/${owner.calendarId}`).send({ isDefault: true }),
    ).expect(404);
    expect(answer.body.code).toBe('CALENDAR_NOT_FOUND');
    const after = await pool.query('SELECT id, is_default FROM calendars WHERE user_id = $1 ORDER BY id', [
      stranger.id,
    ]);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.some((row) => row.is_default)).toBe(true);
  });
});

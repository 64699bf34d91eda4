import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { bearer, createProfessional, poolOf, type TestProfessional } from '../support/fixtures';

describe('The agenda’s external busy events (GET /users/{id}/busy-events)', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let pro: TestProfessional;
  const http = () => request(app.getHttpServer());
  const day = new Date(Date.now() + 5 * 86_400_000);
  day.setUTCHours(0, 0, 0, 0);
  const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000).toISOString();

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    pro = await createProfessional(pool);
    const insert = (start: string, end: string, title: string | null, ownEvent: boolean, id: string) =>
      pool.query(
        `INSERT INTO external_busy_times (user_id, source, external_id, starts_at, ends_at, title, own_event)
         VALUES ($1, 'caldav', $2, $3, $4, $5, $6)`,
        [pro.id, id, start, end, title, ownEvent],
      );
    await insert(at(9), at(10), 'Audience TJ Lyon', false, 'a');
    await insert(at(14), at(15), null, false, 'b');
    // an event we wrote ourselves (write-back of an appointment): the appointment is already in the agenda
    await insert(at(11), at(12), 'Rendez-vous avec Claire', true, 'c');
    // outside the window
    await insert(at(60), at(61), 'Plus tard', false, 'd');
  });

  afterAll(() => app.close());

  it('lists the professional’s external events in the window, with their titles, not the ones we wrote', async () => {
    const response = await http()
      .get(`/api/v1/users/${pro.id}/busy-events`)
      .query({ from: at(0), to: at(24) })
      .set(bearer(pro.token))
      .expect(200);
    expect(response.body).toEqual([
      { start: at(9), end: at(10), title: 'Audience TJ Lyon', source: 'caldav', calendar: null },
      { start: at(14), end: at(15), title: null, source: 'caldav', calendar: null },
    ]);
  });

  it('answers 400 in French for a window over 62 days or reversed, and 403 to another professional', async () => {
    const long = await http()
      .get(`/api/v1/users/${pro.id}/busy-events`)
      .query({ from: at(0), to: at(24 * 70) })
      .set(bearer(pro.token))
      .expect(400);
    expect(long.body.message).toBe('La période demandée ne peut pas dépasser 62 jours');
    const reversed = await http()
      .get(`/api/v1/users/${pro.id}/busy-events`)
      .query({ from: at(24), to: at(0) })
      .set(bearer(pro.token))
      .expect(400);
    expect(reversed.body.message).toBe('La fin de la période doit être après son début');
    const other = await createProfessional(pool);
    await http()
      .get(`/api/v1/users/${pro.id}/busy-events`)
      .query({ from: at(0), to: at(24) })
      .set(bearer(other.token))
      .expect(403);
  });
});

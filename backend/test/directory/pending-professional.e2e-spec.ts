import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import {
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  TestAttendee,
  TestProfessional,
} from '../support/fixtures';
import { createDirectoryFixture, dbOf, DirectoryFixture } from './fixtures';

/**
 * A professional created by an admin who has not finished signing up (no
 * password yet) is not public anywhere: profile, search, city and office pages, sitemaps, slots,
 * booking. Once they finish, they appear.
 */
describe('A professional who has not finished signing up is not public', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let fx: DirectoryFixture;
  let pending: TestProfessional;
  let userUri: string;
  let teamUri: string;
  let attendee: TestAttendee;
  let bookableStart: string;
  const http = () => request(app.getHttpServer());

  const appearsEverywhere = async (): Promise<Record<string, boolean>> => {
    const profile = await http().get(`/api/v1/professionals/${userUri}`);
    const search = await http().get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50`);
    const city = await http().get(`/api/v1/cities/${fx.cities.lyon.cityUri}`);
    const team = await http().get(`/api/v1/teams/${teamUri}`);
    const profiles = await http().get('/api/v1/sitemap/profiles');
    const offices = await http().get('/api/v1/sitemap/offices');
    const motives = await http().get(`/api/v1/users/${pending.id}/booking-motives`);
    const next = await http().get(`/api/v1/slots/next?userIds=${pending.id}&limit=2`);
    const listed = (body: { items?: { userUri: string }[]; professionals?: { userUri: string }[] }) =>
      JSON.stringify(body).includes(`"${userUri}"`);
    return {
      profile: profile.status === 200,
      search: listed(search.body),
      cityPage: city.body.count === 26,
      officePage: team.status === 200 && listed(team.body),
      profilesSitemap: JSON.stringify(profiles.body).includes(`/${userUri}`),
      officesSitemap: JSON.stringify(offices.body).includes(teamUri),
      bookingMotives: Array.isArray(motives.body) && motives.body.length > 0,
      nextSlots: (next.body.items ?? []).some((item: { slots: unknown[] }) => item.slots.length > 0),
    };
  };

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    fx = await createDirectoryFixture(dbOf(app));
    pending = await createProfessional(pool);
    attendee = await createAttendee(pool);
    // Found while public (fixtures sign professionals up), then back to "created by an admin, no password".
    bookableStart = (await freeSlots(app, pending, 10))[0];
    const moved = await pool.query(
      `UPDATE users SET city_id = $2, password_hash = NULL WHERE id = $1
       RETURNING user_uri, (SELECT team_uri FROM teams WHERE id = users.team_id)`,
      [pending.id, fx.cities.lyon.id],
    );
    userUri = moved.rows[0].user_uri;
    teamUri = moved.rows[0].team_uri;
  });

  afterAll(async () => {
    await app.close();
  });

  it('is nowhere to be found: no profile (404), not in search, city, office pages or sitemaps, no slots', async () => {
    expect(await appearsEverywhere()).toEqual({
      profile: false,
      search: false,
      cityPage: false,
      officePage: false,
      profilesSitemap: false,
      officesSitemap: false,
      bookingMotives: false,
      nextSlots: false,
    });
    const profile = await http().get(`/api/v1/professionals/${userUri}`).expect(404);
    expect(profile.body.message).toEqual(expect.any(String));
    await http().post(`/api/v1/professionals/${userUri}/phone-reveal`).expect(404);
  });

  it('cannot be booked, and nothing is written', async () => {
    const response = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set('authorization', `Bearer ${attendee.token}`)
      .send(bookingBody(pending, bookableStart));
    expect(response.status).toBe(404);
    const stored = await pool.query('SELECT count(*)::int AS n FROM appointments WHERE user_id = $1', [
      pending.id,
    ]);
    expect(stored.rows[0].n).toBe(0);
  });

  it('appears everywhere once the sign-up is finished', async () => {
    await pool.query(`UPDATE users SET password_hash = '!no-sign-in' WHERE id = $1`, [pending.id]);
    expect(await appearsEverywhere()).toEqual({
      profile: true,
      search: true,
      cityPage: true,
      officePage: true,
      profilesSitemap: true,
      officesSitemap: true,
      bookingMotives: true,
      nextSlots: true,
    });
  });
});

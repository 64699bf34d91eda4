import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { createCommune, poolOf } from '../support/fixtures';

/**
 * A big commune's totals are kept for the 30 seconds shared caches keep its answer anyway (its count reads every
 * professional of the commune), but never shown against the page itself: a page the kept total cannot hold is
 * counted again.
 */
describe('Directory search: the totals of a big commune', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  const tag = randomUUID().slice(0, 6);
  const cityUri = `grandeville-${tag}`;
  let cityId: number;
  const get = (query: Record<string, string | number>) =>
    request(app.getHttpServer())
      .get('/api/v1/search')
      .query({ cityUri, withSlots: 'false', perPage: 20, ...query })
      .expect(200);
  /** `count` professionals in the commune, who take online booking: `Nom-<tag>-<from + i>`. */
  const addProfessionals = (from: number, count: number) =>
    pool.query(
      `INSERT INTO users (username, email, first_name, last_name, user_uri, password_hash, city_id)
       SELECT 'tot-' || $1 || '-' || g, 'tot-' || $1 || '-' || g || '@example.test', 'Camille',
              'Nom-' || $1 || '-' || lpad(g::text, 4, '0'), 'tot-' || $1 || '-' || g, '!no-sign-in', $2
       FROM generate_series($3::int, $3::int + $4::int - 1) g`,
      [tag, cityId, from, count],
    );

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    cityId = await createCommune(pool, { name: 'Grandeville', cityUri, population: 500_000 });
    await addProfessionals(1, 520);
  });

  afterAll(async () => {
    await pool.query('DELETE FROM users WHERE city_id = $1', [cityId]);
    await pool.query('DELETE FROM cities WHERE id = $1', [cityId]);
    await app.close();
  });

  it('keeps a big commune’s total a moment, and counts again when a page shows it is out of date', async () => {
    expect((await get({})).body).toMatchObject({ total: 520, onlineCount: 520, totalPages: 26 });
    // One more joins: the first page is full either way, its kept total stands (as a shared cache would show it).
    await addProfessionals(521, 1);
    expect((await get({})).body).toMatchObject({ total: 520 });
    // Thirty leave: the 26th page by the kept total is empty now, so the commune is counted again.
    await pool.query(`DELETE FROM users WHERE city_id = $1 AND last_name >= 'Nom-' || $2 || '-0492'`, [
      cityId,
      tag,
    ]);
    const last = (await get({ page: 26 })).body;
    expect(last).toMatchObject({ total: 491, totalPages: 25, items: [] });
    // Below 500 the commune is counted on every search: the next one sees the change at once.
    await addProfessionals(600, 1);
    expect((await get({})).body).toMatchObject({ total: 492, totalPages: 25 });
  });
});

import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import {
  NEXT_FREE_SLOT_LIMITS,
  NextFreeSlotsRefresher,
} from '../../src/modules/next-free-slots/next-free-slots.worker';
import { createProfessional, poolOf, type TestProfessional } from '../support/fixtures';
import { startStack, type TestStack } from '../support/stack';

/**
 * "Soonest slot first" orders a commune by each professional's stored first free slot (kept by the worker's
 * refresher) and puts the page shown in the order of the live slots, so a booking or a cancellation the
 * refresher has not seen yet never misorders it.
 */
describe('Directory search: soonest slot first', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let stack: TestStack;
  let pool: Pool;
  const tag = randomUUID().slice(0, 6);
  const cityUri = `tottville-${tag}`;
  let alpha: TestProfessional;
  let beta: TestProfessional;
  let day: string;
  const search = (query: Record<string, string | number> = {}) =>
    request(app.getHttpServer())
      .get('/api/v1/search')
      .query({ cityUri, sort: 'soonest', ...query })
      .expect(200);
  const lastNames = (body: { items: { last_name: string }[] }) => body.items.map((card) => card.last_name);
  /** The refresher's run, marks and passed slots only (the sweep would recompute the whole shared database). */
  const refresh = () =>
    worker.get(NextFreeSlotsRefresher).refresh(new Date(), { ...NEXT_FREE_SLOT_LIMITS, sweep: 0 });
  /** Both orders a client can ask for: cards with their slots, and cards without. */
  async function expectOrder(expected: string[]): Promise<void> {
    expect(lastNames((await search()).body)).toEqual(expected);
    expect(lastNames((await search({ withSlots: 'false' })).body)).toEqual(expected);
  }

  /** Paris date (YYYY-MM-DD) `days` from now and its ISO weekday (1 = Monday). */
  const parisDay = (days: number) => {
    const date = new Date(Date.now() + days * 86_400_000);
    const value = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
    return { value, weekday: ((new Date(`${value}T12:00:00Z`).getUTCDay() + 6) % 7) + 1 };
  };
  const parisInstant = (date: string, time: string) => {
    const noon = new Date(`${date}T12:00:00Z`);
    const paris = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
    const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
    return new Date(new Date(`${date}T${time}:00Z`).getTime() - (paris.getTime() - utc.getTime()));
  };

  /** A professional of the test commune open only on `ranges` of the day after tomorrow (Paris time). */
  async function professionalOpen(lastName: string, ranges: Array<[string, string]>, cityId: number) {
    const pro = await createProfessional(pool);
    const { weekday } = parisDay(2);
    await pool.query('DELETE FROM weekly_availabilities WHERE calendar_id = $1', [pro.calendarId]);
    for (const [start, end] of ranges)
      await pool.query(
        `INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time) VALUES ($1, $2, $3, $4)`,
        [pro.calendarId, weekday, start, end],
      );
    await pool.query('UPDATE users SET city_id = $1, last_name = $2 WHERE id = $3', [
      cityId,
      lastName,
      pro.id,
    ]);
    return pro;
  }

  beforeAll(async () => {
    stack = await startStack();
    ({ app, worker } = stack);
    pool = poolOf(app);
    await pool.query(
      `INSERT INTO departments (code, name) VALUES ('35', 'Ille-et-Vilaine') ON CONFLICT DO NOTHING`,
    );
    const { rows } = await pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
       VALUES ($1, 'Tottville', $2, '35', '{35000}', 1000) RETURNING id`,
      [`T${Math.floor(Math.random() * 9_000_000)}`, cityUri],
    );
    const cityId = rows[0].id as number;
    day = parisDay(2).value;
    // Alpha: 10:00-10:30 then 12:00-13:00; Beta: 11:00-12:00. Aaron takes online booking but has no hours.
    alpha = await professionalOpen(
      'Alpha',
      [
        ['10:00', '10:30'],
        ['12:00', '13:00'],
      ],
      cityId,
    );
    beta = await professionalOpen('Beta', [['11:00', '12:00']], cityId);
    await professionalOpen('Aaron', [], cityId);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('follows the soonest slot when a booking takes the earliest one and when a cancellation frees it', async () => {
    await refresh();
    // Nothing bookable sorts last, whatever the name.
    await expectOrder(['Alpha', 'Beta', 'Aaron']);
    const stored = async (pro: TestProfessional) =>
      (await pool.query('SELECT next_free_slot_at FROM users WHERE id = $1', [pro.id])).rows[0]
        .next_free_slot_at as Date | null;
    expect((await stored(alpha))?.toISOString()).toBe(parisInstant(day, '10:00').toISOString());

    // A client books Alpha's 10:00: Alpha's first slot is now 12:00, after Beta's 11:00.
    const start = parisInstant(day, '10:00');
    const { rows } = await pool.query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, status, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, 'confirmed', $5, $6) RETURNING id`,
      [
        `SOON${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
        alpha.id,
        alpha.calendarId,
        alpha.motiveId,
        start,
        new Date(start.getTime() + 30 * 60_000),
      ],
    );
    // Before the refresher runs, the stored slot is stale: the page is still in the live order.
    await expectOrder(['Beta', 'Alpha', 'Aaron']);
    await refresh();
    expect((await stored(alpha))?.toISOString()).toBe(parisInstant(day, '12:00').toISOString());
    await expectOrder(['Beta', 'Alpha', 'Aaron']);
    // Pages follow the stored order once refreshed.
    expect(lastNames((await search({ perPage: 1, page: 1 })).body)).toEqual(['Beta']);
    expect((await search({ perPage: 1, page: 3 })).body).toMatchObject({ total: 3, totalPages: 3 });

    // The client cancels: 10:00 is free again and Alpha comes first, before and after the refresher.
    await pool.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [rows[0].id]);
    await expectOrder(['Alpha', 'Beta', 'Aaron']);
    await refresh();
    expect((await stored(alpha))?.toISOString()).toBe(parisInstant(day, '10:00').toISOString());
    expect(lastNames((await search({ perPage: 1, page: 1 })).body)).toEqual(['Alpha']);
  });

  it('recomputes a stored slot that time has passed, and stores none for who has nothing bookable', async () => {
    await pool.query(`UPDATE users SET next_free_slot_at = now() - interval '1 hour' WHERE id = $1`, [
      beta.id,
    ]);
    const run = await refresh();
    expect(run.passed).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query(
      `SELECT last_name, next_free_slot_at FROM users WHERE city_id = (SELECT id FROM cities WHERE city_uri = $1)
       ORDER BY last_name`,
      [cityUri],
    );
    expect(rows.map((row) => [row.last_name, row.next_free_slot_at?.toISOString() ?? null])).toEqual([
      ['Aaron', null],
      ['Alpha', parisInstant(day, '10:00').toISOString()],
      ['Beta', parisInstant(day, '11:00').toISOString()],
    ]);
  });
});

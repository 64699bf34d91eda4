import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../src/database/database.module';
import { AccessTokens } from '../../src/modules/identity/access-tokens';

/** Test fixtures of the availability suites: professionals inserted straight into the test database. */
export function poolOf(app: NestFastifyApplication): Pool {
  return app.get<Pool>(PG_POOL);
}

export interface TestProfessional {
  id: string;
  token: string;
}

export async function createProfessional(
  app: NestFastifyApplication,
  overrides: { timezone?: string; country?: string; visioEnabled?: boolean } = {},
): Promise<TestProfessional> {
  const id = randomUUID();
  const tag = id.slice(0, 8);
  await poolOf(app).query(
    `INSERT INTO users (id, username, email, first_name, last_name, user_uri, timezone, country, visio_enabled, password_hash)
     VALUES ($1, $2, $3, 'Camille', 'Martin', $4, $5, $6, $7, '!no-sign-in')`,
    [
      id,
      `avail-${tag}`,
      `avail-${tag}@example.test`,
      `camille-martin-${tag}`,
      overrides.timezone ?? 'Europe/Paris',
      overrides.country ?? 'FR',
      overrides.visioEnabled ?? false,
    ],
  );
  return { id, token: tokenFor('user', id) };
}

export function tokenFor(kind: 'user' | 'admin' | 'attendee', id: string): string {
  return new AccessTokens(process.env.JWT_SECRET!).sign({ kind, id });
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Counts the SQL statements sent through the application's pool while `work` runs. */
export async function countQueries<T>(
  app: NestFastifyApplication,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const pool = poolOf(app);
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  let queries = 0;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    queries++;
    return original(...args);
  };
  try {
    const result = await work();
    return { result, queries };
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
}

/** Local date 'YYYY-MM-DD' of the next given ISO weekday at least `minDays` after today (UTC). */
export function nextWeekday(isoWeekday: number, minDays = 7): string {
  const date = new Date(Date.now() + minDays * 86_400_000);
  while (((date.getUTCDay() + 6) % 7) + 1 !== isoWeekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

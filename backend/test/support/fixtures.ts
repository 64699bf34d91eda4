/**
 * The general fixtures of the backend's tests: tokens, a bookable professional, a client, free slots, the worker,
 * a real SMTP receiver. Suites that need the whole stack use `startStack()` (./stack).
 */
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { ENV } from '../../src/config/config.module';
import { type Env, loadEnv } from '../../src/config/env.schema';
import { PG_POOL } from '../../src/database/database.module';
import { AccessTokens } from '../../src/modules/identity/access-tokens';
import { WorkerModule } from '../../src/worker.module';

export { SmtpReceiver } from './smtp-receiver';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function tokenFor(kind: 'user' | 'admin' | 'attendee', id: string): string {
  return new AccessTokens(process.env.JWT_SECRET!).sign({ kind, id });
}

export function poolOf(app: { get: (token: string) => unknown }): Pool {
  return app.get(PG_POOL) as Pool;
}

export interface TestProfessional {
  id: string;
  token: string;
  email: string;
  calendarId: string;
  motiveId: string;
  teamId: string;
}

/**
 * A professional open every day 08:00-20:00 (Europe/Paris) with one 30-minute motive bookable in person,
 * visio and phone, and an office with an address.
 */
export async function createProfessional(
  pool: Pool,
  options: { acceptsOnlineBooking?: boolean; copyEmails?: string[] } = {},
): Promise<TestProfessional> {
  const id = randomUUID();
  const tag = id.slice(0, 8);
  const teamId = randomUUID();
  await pool.query(
    `INSERT INTO teams (id, team_uri, name, ext_id, street, postal_code) VALUES ($1, $2, 'Cabinet Martin', $3, '12 rue de la Paix', '75002')`,
    [teamId, `cabinet-${tag}`, `crpcen-${tag}`],
  );
  const email = `pro-${tag}@example.test`;
  await pool.query(
    `INSERT INTO users (id, username, email, first_name, last_name, user_uri, telephone, team_id, accepts_online_booking,
                        visio_enabled, phone_enabled, mail_copy_activated, copy_emails, password_hash)
     VALUES ($1, $2, $3, 'Camille', 'Martin', $4, '+33140000000', $5, $6, true, true, $7, $8, '!no-sign-in')`,
    [
      id,
      `pro-${tag}`,
      email,
      `camille-martin-${tag}`,
      teamId,
      options.acceptsOnlineBooking ?? true,
      (options.copyEmails ?? []).length > 0,
      options.copyEmails ?? [],
    ],
  );
  const calendar = await pool.query(
    `INSERT INTO calendars (user_id, name, is_default) VALUES ($1, 'Agenda', true) RETURNING id`,
    [id],
  );
  const calendarId = calendar.rows[0].id as string;
  const motive = await pool.query(
    `INSERT INTO motives (user_id, title, duration_minutes, notice_minutes, not_after_months, in_person_allowed, visio_allowed, phone_allowed)
     VALUES ($1, 'Première consultation', 30, 0, 3, true, true, true) RETURNING id`,
    [id],
  );
  for (let weekday = 1; weekday <= 7; weekday++) {
    await pool.query(
      `INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time) VALUES ($1, $2, '08:00', '20:00')`,
      [calendarId, weekday],
    );
  }
  // Work on public holidays too, so the chosen days are always open.
  const now = new Date();
  for (let i = 0; i < 4; i++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1))
      .toISOString()
      .slice(0, 7);
    await pool.query(
      `INSERT INTO worked_public_holiday_months (user_id, month) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [id, month],
    );
  }
  return {
    id,
    token: tokenFor('user', id),
    email,
    calendarId,
    motiveId: motive.rows[0].id as string,
    teamId,
  };
}

export interface TestAttendee {
  id: string;
  token: string;
  email: string;
}

/** A commune of Ille-et-Vilaine named `name` at `cityUri` (a random INSEE code), with its department; its id. */
export async function createCommune(
  pool: Pool,
  { name, cityUri, population = 1000 }: { name: string; cityUri: string; population?: number },
): Promise<number> {
  await pool.query(
    `INSERT INTO departments (code, name) VALUES ('35', 'Ille-et-Vilaine') ON CONFLICT DO NOTHING`,
  );
  const { rows } = await pool.query(
    `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
     VALUES ($1, $2, $3, '35', '{35000}', $4) RETURNING id`,
    [`C${Math.floor(Math.random() * 9_000_000)}`, name, cityUri, population],
  );
  return rows[0].id as number;
}

export async function createAttendee(
  pool: Pool,
  options: { phoneVerified?: boolean } = {},
): Promise<TestAttendee> {
  const id = randomUUID();
  const email = `client-${id.slice(0, 8)}@example.test`;
  await pool.query(
    `INSERT INTO attendees (id, email, first_name, last_name, phone, phone_country_code, phone_verified_at)
     VALUES ($1, $2, 'Alice', 'Durand', '+33612345678', 'FR', $3)`,
    [id, email, options.phoneVerified === false ? null : new Date()],
  );
  return { id, token: tokenFor('attendee', id), email };
}

/** Free slot starts offered by the slot API on a day `daysAhead` from now. */
export async function freeSlots(
  app: NestFastifyApplication,
  pro: TestProfessional,
  daysAhead = 10,
): Promise<string[]> {
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const response = await request(app.getHttpServer())
    .get(`/api/v1/users/${pro.id}/slots`)
    .query({ motiveId: pro.motiveId, from: day, to: day });
  if (response.status !== 200) throw new Error(`slots: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body.slots as { start: string }[]).map((slot) => slot.start);
}

export function bookingBody(pro: TestProfessional, start: string, extra: Record<string, unknown> = {}) {
  return { user_id: pro.id, motive_id: pro.motiveId, mode: 'in_person', start, ...extra };
}

/** The worker process's module graph (relay, notifications consumer, reminder cron) with the given env. */
export async function startWorker(overrides: Partial<Record<keyof Env, string>>) {
  const env = loadEnv({ ...process.env, ...overrides });
  const moduleRef = await Test.createTestingModule({ imports: [WorkerModule] })
    .overrideProvider(ENV)
    .useValue(env)
    .compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { runMigrations } from '../src/database/migrate';
import { startBanFake, type BanFake } from './support/ban-fake';

/** Admin connection used to create / drop the per-run database. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlFor(name: string): string {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a fresh database `rdv_test_<random>`, applies the committed migrations and exports the
 * environment the app reads. Tests run with --runInBand, so process.env reaches every test file.
 */
export default async function globalSetup(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const name = `rdv_test_${suffix}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = databaseUrlFor(name);
  await runMigrations(databaseUrl);

  process.env.TEST_DATABASE_NAME = name;
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  process.env.QUEUE_PREFIX = `rdv-test-${suffix}`;
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
  process.env.SECTOR = process.env.SECTOR ?? 'lawyer';
  process.env.PUBLIC_URL = 'http://localhost:3000';
  process.env.SMS_PROVIDER = 'log';
  // Every worker the suites start geocodes saved addresses: against the simulated address base, never the real one
  // (the BAN's default URL). A suite that scripts the geocoder's failures starts a fake of its own.
  const banFake = await startBanFake();
  (globalThis as { banFake?: BanFake }).banFake = banFake;
  process.env.GEOCODER_URL = banFake.url;
}

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { runMigrations } from '../src/database/migrate';
import { ADMIN_DATABASE_URL, databaseUrlFor } from './database-url';
import { startBanFake, type BanFake } from './support/ban-fake';

/**
 * Creates a fresh database `rdv_test_<random>`, applies the committed migrations and exports the
 * environment the app reads (process.env reaches every worker). With more than one jest worker, each
 * worker gets its own copy of the migrated database (`<name>_w<worker>`, see worker-database.ts):
 * suites count rows, checksum tables and drain queues, which they can only do alone in their database.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
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
  const copies = globalConfig.maxWorkers > 1 ? globalConfig.maxWorkers : 0;
  if (copies > 0) {
    const copier = new Client({ connectionString: ADMIN_DATABASE_URL });
    await copier.connect();
    try {
      for (let worker = 1; worker <= copies; worker += 1) {
        await copier.query(`CREATE DATABASE ${name}_w${worker} TEMPLATE ${name}`);
      }
    } finally {
      await copier.end();
    }
  }
  process.env.TEST_DATABASE_COPIES = String(copies);

  process.env.TEST_DATABASE_NAME = name;
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  process.env.QUEUE_PREFIX = `rdv-test-${suffix}`;
  process.env.TEST_QUEUE_PREFIX = process.env.QUEUE_PREFIX;
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
  process.env.SECTOR = process.env.SECTOR ?? 'lawyer';
  process.env.PUBLIC_URL = 'http://localhost:3000';
  process.env.SMS_PROVIDER = 'log';
  // The site's own Jitsi (no default: meet.jit.si asks organisers to sign in); suites without one unset it.
  process.env.JITSI_BASE_URL = 'https://visio.rdv-test.fr';
  // Every worker the suites start geocodes saved addresses: against the simulated address base, never the real one
  // (the BAN's default URL). A suite that scripts the geocoder's failures starts a fake of its own.
  const banFake = await startBanFake();
  (globalThis as { banFake?: BanFake }).banFake = banFake;
  process.env.GEOCODER_URL = banFake.url;
  // Declared a simulation, as the demo does: suites that boot in production mode accept the loopback geocoder.
  process.env.GEOCODER_SIMULATION = 'true';
}

import { Client } from 'pg';
import { runMigrations } from '../../src/database/migrate';
import { ADMIN_DATABASE_URL, databaseUrlFor } from '../database-url';

/**
 * A freshly migrated database for one suite alone, so that what it measures does not depend on what the suites run
 * before it on the same jest worker left behind (the fuzz checksums every row of every table around each refused
 * write: on a worker's shared copy, that is every row the earlier suites wrote, thousands of times over).
 * With several workers the run's own database is still the pristine migrated one (the workers use copies of it,
 * see global-setup.ts) and is copied as a template; with one worker it is in use, so the copy is migrated instead.
 */
export async function createOwnDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_NAME ?? 'rdv_test';
  const name = `${base}_${label}`;
  const fromTemplate = Number(process.env.TEST_DATABASE_COPIES ?? 0) > 1;
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(fromTemplate ? `CREATE DATABASE ${name} TEMPLATE ${base}` : `CREATE DATABASE ${name}`);
  });
  const url = databaseUrlFor(name);
  if (!fromTemplate) await runMigrations(url);
  return {
    url,
    drop: () =>
      admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined)),
  };
}

async function admin(work: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

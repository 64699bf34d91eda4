import { Redis } from 'ioredis';
import { Client } from 'pg';
import { ADMIN_DATABASE_URL } from './database-url';
import type { BanFake } from './support/ban-fake';

/** Drops the run's database (and its per-worker copies) and deletes the run's Redis keys (every worker's prefix). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { banFake?: BanFake }).banFake?.stop();
  const name = process.env.TEST_DATABASE_NAME;
  if (name && /^rdv_test_[0-9a-f]+$/.test(name) && !process.env.KEEP_TEST_DATABASE) {
    const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
        [name, `${name}\\_w%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  const prefix = process.env.QUEUE_PREFIX;
  if (prefix?.startsWith('rdv-test-') && process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } catch {
      // Redis down: nothing to clean.
    } finally {
      redis.disconnect();
    }
  }
}

import type { Pool } from 'pg';
import { createDb, createPool } from '../src/database/database.module';
import type { Database } from '../src/database/database.types';

/** A drizzle handle on the run's test database (DATABASE_URL set by global-setup). Call `close()` in afterAll. */
export function openTestDb(): { db: Database; pool: Pool; close: () => Promise<void> } {
  const pool = createPool(process.env.DATABASE_URL!, 4);
  return { db: createDb(pool), pool, close: () => pool.end() };
}

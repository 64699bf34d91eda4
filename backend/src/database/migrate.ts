import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createDb, createPool } from './database.module';

/** backend/drizzle, both from sources (src/database) and from the build (dist/src/database). */
export function migrationsFolder(): string {
  const fromSource = path.resolve(__dirname, '..', '..', 'drizzle');
  const fromDist = path.resolve(__dirname, '..', '..', '..', 'drizzle');
  return __dirname.includes(`${path.sep}dist${path.sep}`) ? fromDist : fromSource;
}

/** Applies the committed drizzle migrations (idempotent). */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const pool = createPool(databaseUrl, 1);
  try {
    await migrate(createDb(pool), { migrationsFolder: migrationsFolder() });
  } finally {
    await pool.end();
  }
}

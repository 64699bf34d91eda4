import { Client } from 'pg';
import { Env, InvalidEnvironmentError, loadEnv } from './env.schema';

/** Prints one line on stderr and exits 1. Used before any logger exists. */
export function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) fail(error.message);
    throw error;
  }
}

/** `postgres://user:secret@host/db` -> `postgres://user:***@host/db` */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<unparseable>';
  }
}

/** Opens and closes one connection; on failure exits with one line naming DATABASE_URL. */
export async function checkDatabaseOrExit(databaseUrl: string, timeoutMs = 5_000): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.message || (error as { code?: string }).code || error.name
        : String(error);
    fail(
      `Invalid environment: DATABASE_URL cannot connect to PostgreSQL at ${redactUrl(databaseUrl)} (${reason.split('\n')[0]})`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Applies the committed migrations in backend/drizzle to DATABASE_URL. Usage: npm run db:migrate -w backend */
import { fail, redactUrl } from '../src/config/preflight';
import { runMigrations } from '../src/database/migrate';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
    fail('Invalid environment: DATABASE_URL must be a postgres:// URL');
  try {
    await runMigrations(databaseUrl);
  } catch (error) {
    fail(
      `Migration failed on ${redactUrl(databaseUrl)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.stdout.write(`Migrations applied to ${redactUrl(databaseUrl)}\n`);
}

void main();

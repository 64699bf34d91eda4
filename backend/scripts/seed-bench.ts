/**
 * Benchmark data: 5,000 professionals (deterministic) over real cities weighted by population.
 * Runs the reference seed first (without demo data). Usage: npm run seed:bench -w backend [-- --count=N]
 */
import { getSector } from '@rdv/sectors';
import { fail, redactUrl } from '../src/config/preflight';
import { createDb, createPool } from '../src/database/database.module';
import { seed } from '../src/database/seed';
import { seedBench } from '../src/database/seed/bench-data';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
    fail('Invalid environment: DATABASE_URL must be a postgres:// URL');
  const countArg = process.argv.find((arg) => arg.startsWith('--count='));
  const count = countArg ? Number(countArg.slice('--count='.length)) : 5_000;
  if (!Number.isInteger(count) || count < 1) fail('--count must be a positive integer');
  const pool = createPool(databaseUrl, 2);
  const started = Date.now();
  try {
    const db = createDb(pool);
    await seed(db, {
      sector: getSector(process.env.SECTOR).key,
      demo: false,
      log: (line) => process.stdout.write(`seed: ${line}\n`),
    });
    const result = await seedBench(db, count);
    process.stdout.write(
      `seed:bench: ${result.professionals} professionals, ${result.teams} offices in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } catch (error) {
    fail(
      `Bench seed failed on ${redactUrl(databaseUrl)}: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}`,
    );
  } finally {
    await pool.end();
  }
}

void main();

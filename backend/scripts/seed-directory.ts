/**
 * Directory data on top of the reference seed: commune coordinates (for "near you") and the
 * sector's guide articles. Idempotent; run after `npm run seed -w backend`.
 * Usage: npm run seed:directory -w backend   (reads DATABASE_URL and SECTOR)
 */
import { getSector } from '@rdv/sectors';
import { fail, redactUrl } from '../src/config/preflight';
import { createDb, createPool } from '../src/database/database.module';
import { seedArticles } from '../src/modules/content/articles.seed';
import { seedCityCoordinates } from '../src/modules/geo/city-coordinates.seed';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
    fail('Invalid environment: DATABASE_URL must be a postgres:// URL');
  let sector;
  try {
    sector = getSector(process.env.SECTOR);
  } catch (error) {
    fail(`Invalid environment: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pool = createPool(databaseUrl, 2);
  const started = Date.now();
  try {
    const db = createDb(pool);
    const coordinates = await seedCityCoordinates(db);
    process.stdout.write(
      `seed: city coordinates: ${coordinates.matched} matched, ${coordinates.approximated} approximated, ${coordinates.missing} missing (${coordinates.updated} updated)\n`,
    );
    process.stdout.write(`seed: articles (${sector.key}): ${await seedArticles(db, sector.key)} new\n`);
  } catch (error) {
    fail(
      `Directory seed failed on ${redactUrl(databaseUrl)}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
    );
  } finally {
    await pool.end();
  }
  process.stdout.write(`seed: directory done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

void main();

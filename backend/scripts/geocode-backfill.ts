/**
 * One-off: geocodes the office and practice addresses saved before geocoding existed (still at their commune's
 * centre, never asked), through the same geocoder and jobs as a saved address. Resumable (each address asked is
 * marked: run it again after an interruption) and rate-limited. See docs/deployment.md "Geocoding backfill".
 * Usage: node backend/dist/scripts/geocode-backfill.js [--rate=10] [--limit=N]
 *   (reads DATABASE_URL, GEOCODER_URL and GEOCODER_TIMEOUT_MS like the worker)
 */
import { fail, redactUrl } from '../src/config/preflight';
import { createDb, createPool } from '../src/database/database.module';
import { BanGeocoder } from '../src/modules/geocoding/ban.geocoder';
import { backfillGeocoding } from '../src/modules/geocoding/geocoding.backfill';

function numberArg(name: string, fallback: number | undefined, max: number): number | undefined {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3));
  if (!Number.isFinite(value) || value <= 0 || value > max)
    fail(`--${name} must be a number from 1 to ${max}`);
  return value;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
    fail('Invalid environment: DATABASE_URL must be a postgres:// URL');
  const geocoderUrl = process.env.GEOCODER_URL ?? 'https://api-adresse.data.gouv.fr';
  const timeoutMs = Number(process.env.GEOCODER_TIMEOUT_MS ?? 5000);
  // The public BAN allows 50 requests a second per address; 10 leaves room for the worker's own jobs.
  const ratePerSecond = numberArg('rate', 10, 40)!;
  const limit = numberArg('limit', undefined, 10_000_000);
  const pool = createPool(databaseUrl, 2);
  const started = Date.now();
  try {
    const report = await backfillGeocoding(createDb(pool), new BanGeocoder(geocoderUrl, timeoutMs), {
      ratePerSecond,
      limit,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(
      `geocoding backfill: ${report.placed} placed, ${report.notFound} not found, ${report.skipped} changed meanwhile in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    if (report.interruptedBy)
      fail(`geocoding backfill interrupted: ${report.interruptedBy}; run it again to resume`);
  } catch (error) {
    fail(
      `Geocoding backfill failed on ${redactUrl(databaseUrl)}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
    );
  } finally {
    await pool.end();
  }
}

void main();

import { Transactions } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { Geocoder, GeocoderUnavailableError } from './geocoder.port';
import { GeocodingRepository } from './geocoding.repository';
import { GeocodingJobs, type GeocodingOutcome } from './geocoding.service';

export interface BackfillOptions {
  /** Geocoder requests a second at most (the public BAN allows 50 a second per address). */
  ratePerSecond: number;
  /** Rows read from the database at a time. */
  batchSize?: number;
  /** Tries of one address while the geocoder does not answer, before the run stops (to be resumed later). */
  attempts?: number;
  /** Pause before the second try, doubled at each further one. */
  retryDelayMs?: number;
  /** Stops after this many addresses (a trial run); the next run goes on from there. */
  limit?: number;
  log?: (line: string) => void;
}

export interface BackfillReport {
  /** Addresses placed at the street or the house number. */
  placed: number;
  /** Addresses the geocoder does not know: they stay at their commune's centre and are not asked again. */
  notFound: number;
  /** Addresses changed or deleted while the run went on (their own save asked for them). */
  skipped: number;
  /** Set when the geocoder stopped answering: the run ended early and can simply be started again. */
  interruptedBy: string | null;
}

/**
 * One-off geocoding of the addresses saved before geocoding existed (offices and practices still at their
 * commune's centre, `geocoded_at` null), through the same GeocodingJobs as a saved address. Resumable: each
 * address asked is marked (`geocoded_at`), so a run stopped (interrupted, geocoder down, `limit`) starts again
 * where it was; rate-limited to `ratePerSecond` requests. Offices go first, so their members follow them.
 */
export async function backfillGeocoding(
  db: Database,
  geocoder: Geocoder,
  options: BackfillOptions,
): Promise<BackfillReport> {
  const repository = new GeocodingRepository(db, new Transactions(db));
  const jobs = new GeocodingJobs(repository, geocoder);
  const batchSize = options.batchSize ?? 100;
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const gapMs = 1000 / options.ratePerSecond;
  const log = options.log ?? (() => undefined);
  const report: BackfillReport = { placed: 0, notFound: 0, skipped: 0, interruptedBy: null };
  let nextAt = 0;
  let done = 0;

  const throttled = async (place: () => Promise<GeocodingOutcome>): Promise<GeocodingOutcome> => {
    for (let attempt = 1; ; attempt++) {
      const wait = nextAt - Date.now();
      if (wait > 0) await sleep(wait);
      nextAt = Date.now() + gapMs;
      try {
        return await place();
      } catch (error) {
        if (!(error instanceof GeocoderUnavailableError) || attempt >= attempts) throw error;
        await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
  };

  const walk = async (
    kind: 'office' | 'practice',
    next: (afterId: string | null, limit: number) => Promise<string[]>,
    place: (id: string) => Promise<GeocodingOutcome>,
  ): Promise<boolean> => {
    let afterId: string | null = null;
    for (;;) {
      const ids = await next(afterId, batchSize);
      if (ids.length === 0) return true;
      for (const id of ids) {
        if (options.limit !== undefined && done >= options.limit) return false;
        let outcome: GeocodingOutcome;
        try {
          outcome = await throttled(() => place(id));
        } catch (error) {
          if (!(error instanceof GeocoderUnavailableError)) throw error;
          report.interruptedBy = error.message;
          log(`geocoding backfill: stopped at ${kind} ${id}: ${error.message} (start it again to resume)`);
          return false;
        }
        done++;
        if (outcome === 'address') report.placed++;
        else if (outcome === 'commune') report.notFound++;
        else report.skipped++;
        afterId = id;
      }
      log(
        `geocoding backfill: ${done} addresses (${report.placed} placed, ${report.notFound} not found) — ${kind}s`,
      );
    }
  };

  if (
    await walk(
      'office',
      (afterId, limit) => repository.officesNeverGeocoded(afterId, limit),
      (id) => jobs.placeOffice(id),
    )
  )
    await walk(
      'practice',
      (afterId, limit) => repository.practicesNeverGeocoded(afterId, limit),
      (id) => jobs.placePractice(id),
    );
  return report;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { sql } from 'drizzle-orm';
import type { Database } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { GEOCODE_OFFICE_JOB, GEOCODE_PRACTICE_JOB } from './geocoding.service';

/**
 * The demo's addresses go through the geocoder like a saved one: offices start at their commune's centre, and every
 * demo office and demo practice with a street not placed yet gets a geocoding job in the outbox, which the worker
 * runs against GEOCODER_URL (the demo's simulated address base) once it starts. Idempotent: placed rows are skipped.
 */
export async function requestDemoGeocoding(db: Database): Promise<{ offices: number; practices: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE teams t SET latitude = c.latitude, longitude = c.longitude
        FROM cities c WHERE c.id = t.city_id AND t.latitude IS NULL AND c.latitude IS NOT NULL`);
    const offices = await tx.execute(sql`
      INSERT INTO outbox (queue, job_name, payload)
      SELECT ${QUEUES.geocoding}, ${GEOCODE_OFFICE_JOB}, jsonb_build_object('teamId', t.id)
        FROM teams t
       WHERE t.is_demo AND t.location_precision = 'commune' AND coalesce(t.street, '') <> ''`);
    const practices = await tx.execute(sql`
      INSERT INTO outbox (queue, job_name, payload)
      SELECT ${QUEUES.geocoding}, ${GEOCODE_PRACTICE_JOB}, jsonb_build_object('userId', u.id)
        FROM users u
       WHERE u.is_demo AND u.location_precision = 'commune' AND coalesce(u.street, '') <> ''`);
    return { offices: offices.rowCount ?? 0, practices: practices.rowCount ?? 0 };
  });
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';

/** First key of the advisory lock pair taken on a professional's agenda (the second is a hash of their id). */
const AGENDA_LOCK_NAMESPACE = 10_007;
/** How long a booking waits for a professional's agenda before answering 409 (each holder takes a few ms). */
const AGENDA_LOCK_TIMEOUT_MS = 3_000;

/**
 * Serialises, until `tx` ends, every transaction that writes appointments of professional `userId`.
 * Without it, two transactions inserting overlapping appointments could each find the other's index entry
 * while checking the exclusion constraint and wait for each other: PostgreSQL then reports a deadlock after
 * `deadlock_timeout`. Taken first in every such transaction (before any row lock), so
 * the lock order is always agenda -> appointment rows. The exclusion constraint stays the guarantee.
 * A waiter gives up after `lock_timeout` (SQLSTATE 55P03) instead of holding a pool connection.
 * One definition for every module that writes appointments (booking, payments).
 */
export async function lockAgenda(tx: DbOrTx, userId: string): Promise<void> {
  // One round trip: set_config(..., true) is SET LOCAL, and the select list is evaluated left to right, so the
  // timeout is in force before the lock is waited for.
  await tx.execute(
    sql`SELECT set_config('lock_timeout', ${`${AGENDA_LOCK_TIMEOUT_MS}ms`}, true), pg_advisory_xact_lock(${AGENDA_LOCK_NAMESPACE}::int, hashtext(${userId}))`,
  );
}

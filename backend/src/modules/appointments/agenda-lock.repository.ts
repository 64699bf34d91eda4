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
  await tx.execute(sql`SET LOCAL lock_timeout = '${sql.raw(String(AGENDA_LOCK_TIMEOUT_MS))}ms'`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGENDA_LOCK_NAMESPACE}::int, hashtext(${userId}))`);
}

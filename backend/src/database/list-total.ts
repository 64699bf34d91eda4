import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database.types';

/**
 * Up to about this many rows a console list's total is exact; above, it is the planner's estimate. An exact count
 * reads every matching row (2,000,000 appointments: a third of a second per page, growing with the table), while
 * the console only needs the number of pages; the pages themselves stay exact, and a list this long is narrowed
 * with its filters rather than paged to the end.
 */
const EXACT_LIST_TOTAL = 10_000;

/**
 * The total of a console list (react-admin's `Content-Range`): `from` is the list's `FROM ... WHERE ...`. The
 * planner's row estimate first (no row read): when it is well above EXACT_LIST_TOTAL it is the answer; otherwise
 * the rows are counted, at most EXACT_LIST_TOTAL + 1 of them, and past that the estimate stands (never less than
 * what was counted).
 */
export async function listTotal(db: DbOrTx, from: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
  );
  const estimate = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  if (estimate > 2 * EXACT_LIST_TOTAL) return estimate;
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_LIST_TOTAL + 1}) capped`,
  );
  const counted = Number(rows[0].n);
  return counted <= EXACT_LIST_TOTAL ? counted : Math.max(counted, estimate);
}

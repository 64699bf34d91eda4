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
async function listTotal(db: DbOrTx, from: SQL): Promise<number> {
  return (await countOrEstimate(db, from)).total;
}

async function countOrEstimate(db: DbOrTx, from: SQL): Promise<{ total: number; exact: boolean }> {
  const plan = await db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
  );
  const estimate = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  if (estimate > 2 * EXACT_LIST_TOTAL) return { total: estimate, exact: false };
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_LIST_TOTAL + 1}) capped`,
  );
  const counted = Number(rows[0].n);
  return counted <= EXACT_LIST_TOTAL
    ? { total: counted, exact: true }
    : { total: Math.max(counted, estimate), exact: false };
}

/**
 * Offsets below this are read forwards whatever the list's length: skipping this many index entries costs less
 * than the total a backwards read needs first.
 */
const BACKWARDS_FROM_OFFSET = 1_000;

/**
 * Up to this many rows (by the planner's estimate) a deep page counts the list exactly before reading from its end;
 * above, the count would read too many rows (2,000,000 appointments: 817 ms) and the estimate stands in for it.
 */
export const DEEP_PAGE_EXACT_COUNT = 100_000;

/** Which rows a list's page reads: `reversed` means in the opposite order (each sort key's direction flipped). */
export interface ListWindow {
  offset: number;
  limit: number;
  reversed: boolean;
}

/**
 * One page of a console list and its total. A page past the middle of the list is read from its end, in the
 * reversed order, and its rows turned back: `OFFSET 1999975` walked two million index entries to answer the last
 * page, the reversed read walks none. Its distance from the end is taken from the total: exact when the list is
 * short; for a list of up to DEEP_PAGE_EXACT_COUNT estimated rows the matching rows are counted first (one scan
 * without sorting or joins, and the deep page's `Content-Range` gives the exact total); for a longer list the
 * estimate is the total, so the pages past the middle are numbered from the end: the last page (by the total
 * react-admin shows) holds the list's last rows, and only around the middle, where no one pages in a list of
 * millions, can a row show twice or be skipped by as many rows as the estimate is off. The first pages keep the
 * estimate and their single read.
 *
 * `read` must return the rows of the window in the list's order, or in its exact reverse when `reversed` (the sort
 * ends on a unique column, so the reverse is well defined; PostgreSQL puts NULLs first in DESC and last in ASC, so
 * flipping ASC / DESC flips where NULLs go too).
 */
export async function readListPage<T>(
  db: DbOrTx,
  from: SQL,
  page: { offset: number; limit: number },
  read: (window: ListWindow) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (page.offset < BACKWARDS_FROM_OFFSET) {
    const [rows, total] = await Promise.all([read({ ...page, reversed: false }), listTotal(db, from)]);
    return { rows, total };
  }
  const counted = await countOrEstimate(db, from);
  if (2 * page.offset + page.limit <= counted.total)
    return { rows: await read({ ...page, reversed: false }), total: counted.total };
  // Above DEEP_PAGE_EXACT_COUNT the total stays the estimate react-admin already shows, and the page is placed from
  // the end of the list by it: the last page answers the list's last rows, whatever the estimate's error.
  const total =
    counted.exact || counted.total > DEEP_PAGE_EXACT_COUNT ? counted.total : await exactCount(db, from);
  if (page.offset >= total) return { rows: [], total };
  if (2 * page.offset + page.limit <= total) return { rows: await read({ ...page, reversed: false }), total };
  const fromEnd = total - page.offset - page.limit;
  const rows = await read({
    offset: Math.max(0, fromEnd),
    limit: page.limit + Math.min(0, fromEnd),
    reversed: true,
  });
  return { rows: rows.reverse(), total };
}

async function exactCount(db: DbOrTx, from: SQL): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from}`);
  return Number(rows[0].n);
}

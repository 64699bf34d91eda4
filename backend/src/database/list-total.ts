import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database.types';

/**
 * Up to this many rows (by the planner's estimate) a console list's total is exact; above, it is the planner's
 * estimate. Counting reads every matching row, so its cost grows with the list: at 80,000 professionals the
 * 58,195 pending appointments cost 26,746 buffers and 11.7 ms (the page itself: 13 buffers, 0.03 ms), the 40,000
 * audit entries of one resource 8 ms, the 2,000,000 appointments 400 ms; the pending and audit lists' p95 grew
 * 1.6-2.3 times from 5,000 to 80,000 professionals when this was 100,000. Below it a count costs a few
 * milliseconds at most. The console only needs the number of pages, and a list this long is narrowed with its
 * filters rather than paged through.
 */
export const EXACT_LIST_TOTAL = 20_000;

/**
 * The total of a console list (react-admin's `Content-Range`): `from` is the list's `FROM ... WHERE ...`. The
 * planner's row estimate first (no row read): above EXACT_LIST_TOTAL it is the answer; otherwise the rows are
 * counted, at most EXACT_LIST_TOTAL + 1 of them (the cap bounds a count the estimate got wrong). Every page of a
 * list gets the same total for the same data and statistics: react-admin computes the last page from the total of
 * the page it shows, so a deep page must be placed by that same total (with an exact count there and an estimate
 * on the first page, the last page by the estimate came out empty, and react-admin sends an empty page back to
 * page 1).
 */
async function listTotal(
  db: DbOrTx,
  from: SQL,
  estimated: () => Promise<number>,
  countUpTo?: number,
): Promise<number> {
  const estimate = await estimated();
  if (countUpTo !== undefined)
    return estimate >= TEXT_SEARCH_ESTIMATED_FROM ? countUpTo + 1 : cappedCount(db, from, countUpTo);
  if (estimate > EXACT_LIST_TOTAL) return estimate;
  return cappedCount(db, from, EXACT_LIST_TOTAL);
}

/** How many rows `from` (`FROM ... WHERE ...`) has by the planner's estimate: no row is read. */
async function plannerEstimate(db: DbOrTx, from: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
  );
  return Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}

/** How many rows `from` has, counting at most `cap` + 1 of them. */
async function cappedCount(db: DbOrTx, from: SQL, cap: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${cap + 1}) capped`,
  );
  return Number(rows[0].n);
}

/**
 * A text search's total counts at most this many matches + 1: a console list's text search ("martin": 6,714
 * clients at 80,000 professionals) read every match to count it, several times what its first page reads. A
 * total of TEXT_SEARCH_TOTAL + 1 means "more than TEXT_SEARCH_TOTAL": the list pages through the first
 * TEXT_SEARCH_TOTAL + 1 matches in its order (react-admin's last page is their last 25), and the rest is reached by
 * narrowing the search or by sorting the other way.
 */
export const TEXT_SEARCH_TOTAL = 1_000;

/**
 * A text search the planner expects this many matches of (three times TEXT_SEARCH_TOTAL) is not counted: its total
 * is "more than TEXT_SEARCH_TOTAL" at once. The capped count still read every match into its bitmap before it
 * stopped at 1,001 ("martin" at 80,000 professionals: 6,714 matches, 8.3 ms, against 0.4 ms at 5,000). The trigram
 * estimate comes from the index expression's histogram (1,001 values, migration 0051) and errs low by a quarter
 * ("martin": 5,105 expected); should it err more, a page that comes back short settles the total (readListPage).
 */
const TEXT_SEARCH_ESTIMATED_FROM = 3 * (TEXT_SEARCH_TOTAL + 1);

/**
 * Offsets below this are read forwards whatever the list's length, at the same time as the total: skipping this
 * many index entries costs less than waiting for the total before reading.
 */
const BACKWARDS_FROM_OFFSET = 1_000;

/**
 * A text search's total checked against its page: one that ends before the page's end, short, is the page's end
 * (an estimate that erred: nothing is counted); an empty page past the first is counted, up to TEXT_SEARCH_TOTAL.
 */
async function settledTextTotal(
  db: DbOrTx,
  from: SQL,
  page: { offset: number; limit: number },
  rowsRead: number,
  listed: number,
): Promise<number> {
  const end = page.offset + rowsRead;
  if (rowsRead === page.limit || end >= listed) return listed;
  if (rowsRead > 0 || page.offset === 0) return end;
  return cappedCount(db, from, TEXT_SEARCH_TOTAL);
}

/**
 * Which rows a list's page reads: `reversed` means in the opposite order (each sort key's direction flipped).
 * `estimated` is the planner's estimate of the list's rows, asked once per page whoever needs it first (the total
 * or the read choosing how to reach a deep page).
 */
export interface ListWindow {
  offset: number;
  limit: number;
  reversed: boolean;
  estimated: () => Promise<number>;
}

/**
 * One page of a console list and its total. A page past the middle of the list (by its total) is read from its
 * end, in the reversed order, and its rows turned back: `OFFSET 1999975` walked two million index entries to
 * answer the last page, the reversed read walks none. The page's distance from the end is taken from the total
 * the list shows (listTotal): exact up to EXACT_LIST_TOTAL rows, so every page is what a plain `ORDER BY ...
 * OFFSET` gives; above, the estimate, so the pages past the middle are numbered from the end: the last page by the
 * total react-admin shows holds the list's last rows, and only around the middle, where no one pages through a
 * list of millions, can a row show twice or be skipped, by as many rows as the estimate is off.
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
  options: { textSearch?: boolean } = {},
): Promise<{ rows: T[]; total: number }> {
  // A text search's total is capped (TEXT_SEARCH_TOTAL): its pages are the first matches, always read forwards
  // (its end is not the list's end), and a page past the capped total is empty.
  const countUpTo = options.textSearch ? TEXT_SEARCH_TOTAL : undefined;
  let estimate: Promise<number> | undefined;
  const estimated = () => (estimate ??= plannerEstimate(db, from));
  if (page.offset < BACKWARDS_FROM_OFFSET || countUpTo !== undefined) {
    const [rows, listed] = await Promise.all([
      read({ ...page, reversed: false, estimated }),
      listTotal(db, from, estimated, countUpTo),
    ]);
    const total =
      countUpTo === undefined ? listed : await settledTextTotal(db, from, page, rows.length, listed);
    return { rows: total > page.offset ? rows.slice(0, total - page.offset) : [], total };
  }
  const total = await listTotal(db, from, estimated);
  if (page.offset >= total) return { rows: [], total };
  if (2 * page.offset + page.limit <= total)
    return { rows: await read({ ...page, reversed: false, estimated }), total };
  const fromEnd = total - page.offset - page.limit;
  const rows = await read({
    offset: Math.max(0, fromEnd),
    limit: page.limit + Math.min(0, fromEnd),
    reversed: true,
    estimated,
  });
  return { rows: rows.reverse(), total };
}

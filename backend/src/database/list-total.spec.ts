import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.types';
import { readListPage, TEXT_SEARCH_TOTAL } from './list-total';

/**
 * A database that answers a list's total statements as PostgreSQL would for `estimate` expected rows and `actual`
 * rows, and records which it was asked.
 */
function databaseOf(estimate: number, actual: number) {
  const asked: string[] = [];
  const dialect = new PgDialect();
  const db = {
    execute: async (query: SQL) => {
      const text = dialect.sqlToQuery(query).sql;
      if (text.startsWith('EXPLAIN')) {
        asked.push('estimate');
        return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': estimate } }] }] };
      }
      asked.push('count');
      const cap = Number(dialect.sqlToQuery(query).params.at(-1));
      return { rows: [{ n: Math.min(actual, cap) }] };
    },
  } as unknown as DbOrTx;
  return { db, asked };
}

/** The rows `actual` matches hold from `offset`, `limit` of them (ids 0, 1, ...). */
const pageOf = (actual: number) => async (window: { offset: number; limit: number }) =>
  Array.from(
    { length: Math.max(0, Math.min(window.limit, actual - window.offset)) },
    (_, i) => window.offset + i,
  );

const from = sql`FROM attendees WHERE true`;

describe('a console text search’s total', () => {
  it('is "more than 1,000" without a count when the planner expects three times that many', async () => {
    const { db, asked } = databaseOf(5_105, 6_714);
    const first = await readListPage(db, from, { offset: 0, limit: 25 }, pageOf(6_714), { textSearch: true });
    expect(first.total).toBe(TEXT_SEARCH_TOTAL + 1);
    expect(first.rows).toHaveLength(25);
    const last = await readListPage(db, from, { offset: 976, limit: 25 }, pageOf(6_714), {
      textSearch: true,
    });
    expect(last).toMatchObject({ total: TEXT_SEARCH_TOTAL + 1, rows: expect.arrayContaining([976, 1_000]) });
    expect(asked).not.toContain('count');
  });

  it('is counted, up to 1,001, below that estimate', async () => {
    const { db, asked } = databaseOf(2_300, 1_700);
    const first = await readListPage(db, from, { offset: 0, limit: 25 }, pageOf(1_700), { textSearch: true });
    expect(first.total).toBe(TEXT_SEARCH_TOTAL + 1);
    expect(asked).toEqual(['estimate', 'count']);
    const { db: few } = databaseOf(568, 425);
    expect(
      (await readListPage(few, from, { offset: 400, limit: 25 }, pageOf(425), { textSearch: true })).total,
    ).toBe(425);
  });

  it('is settled by a page that comes back short when the estimate was wrong', async () => {
    // The planner expected thousands; 40 clients match.
    const { db, asked } = databaseOf(9_000, 40);
    const first = await readListPage(db, from, { offset: 0, limit: 25 }, pageOf(40), { textSearch: true });
    expect(first.total).toBe(TEXT_SEARCH_TOTAL + 1);
    const second = await readListPage(db, from, { offset: 25, limit: 25 }, pageOf(40), { textSearch: true });
    expect(second.total).toBe(40);
    expect(second.rows).toHaveLength(15);
    expect(asked).not.toContain('count');
    // react-admin's last page by the total it was shown first (976-1,000): empty, so the matches are counted.
    const beyond = await readListPage(db, from, { offset: 976, limit: 25 }, pageOf(40), { textSearch: true });
    expect(beyond).toEqual({ total: 40, rows: [] });
    expect(asked).toContain('count');
    // Nobody at all: the first page is its own total.
    const { db: none } = databaseOf(9_000, 0);
    expect(await readListPage(none, from, { offset: 0, limit: 25 }, pageOf(0), { textSearch: true })).toEqual(
      {
        total: 0,
        rows: [],
      },
    );
  });

  it('asks the planner once when the page’s read needs the estimate too', async () => {
    // A deep page of a text search chooses how to reach its rows by the estimate (the clients' list does).
    const { db, asked } = databaseOf(2_300, 1_700);
    const page = await readListPage(
      db,
      from,
      { offset: 500, limit: 25 },
      async (window) => ((await window.estimated()) > 1_000 ? pageOf(1_700)(window) : []),
      { textSearch: true },
    );
    expect(page.rows).toHaveLength(25);
    expect(asked).toEqual(['estimate', 'count']);
  });
});

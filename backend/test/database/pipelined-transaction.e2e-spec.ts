import { sql } from 'drizzle-orm';
import { Transactions } from '../../src/database';
import { createDb, createPool, executeWithCachedPlan } from '../../src/database/database.module';
import {
  commitWithNextStatement,
  sendNamedStatementsInlined,
  sendWithNextStatement,
} from '../../src/database/pipelined-transaction';
import { openTestDb } from '../db';

// Statements held back to go with the next one (`sendWithNextStatement`, the professional's validation): each
// gets its own answer, a failure of the group rolls everything back, and a step that writes nothing holds nothing.
describe('pipelined transactions: a statement sent with the next one', () => {
  const { db, pool, close } = openTestDb();
  const transactions = new Transactions(db);
  const notes = async (prefix: string) =>
    (
      await pool.query<{ note: string }>('SELECT note FROM pipelined_probe WHERE note LIKE $1 ORDER BY id', [
        `${prefix}%`,
      ])
    ).rows.map((r) => r.note);
  const insert = (tx: Parameters<Parameters<Transactions['run']>[0]>[0], note: string) => async () =>
    (await tx.execute<{ id: number }>(sql`INSERT INTO pipelined_probe (note) VALUES (${note}) RETURNING id`))
      .rows[0].id;
  let counter = 0;
  const fresh = (label: string) => `${label}-${Date.now()}-${++counter}`;

  beforeAll(async () => {
    await pool.query(
      'CREATE TABLE IF NOT EXISTS pipelined_probe (id serial PRIMARY KEY, note text NOT NULL)',
    );
  });
  afterAll(() => close());

  it('answers each statement and commits them all, also past a step that sent nothing', async () => {
    const prefix = fresh('ok');
    const count = async (tx: Parameters<Parameters<Transactions['run']>[0]>[0]) =>
      (
        await tx.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pipelined_probe WHERE note LIKE ${`${prefix}%`}`,
        )
      ).rows[0].n;
    const answer = await transactions.run(async (tx) => {
      const first = await sendWithNextStatement(tx, insert(tx, `${prefix}-1`));
      // A step with nothing to write (a free appointment's settlement): the next statement, awaited at once, must
      // not be held for it.
      const nothing = await sendWithNextStatement(tx, async () => 'nothing');
      const between = await count(tx);
      const second = await sendWithNextStatement(tx, insert(tx, `${prefix}-2`));
      commitWithNextStatement(tx);
      const seen = await count(tx);
      return {
        ids: await Promise.all([first.settled, second.settled]),
        nothing: await nothing.settled,
        between,
        seen,
      };
    });
    // Each read saw the inserts held before it: they ran first, in the same transaction.
    expect(answer.between).toBe(1);
    expect(answer.seen).toBe(2);
    expect(answer.nothing).toBe('nothing');
    expect(answer.ids[1]).toBeGreaterThan(answer.ids[0]);
    expect(await notes(prefix)).toEqual([`${prefix}-1`, `${prefix}-2`]);
  });

  it('rolls back a held statement when the statement it went with fails', async () => {
    const prefix = fresh('fail');
    let held: Promise<number> | undefined;
    await expect(
      transactions.run(async (tx) => {
        held = (await sendWithNextStatement(tx, insert(tx, `${prefix}-1`))).settled;
        await tx.execute(sql`SELECT 1 / 0`);
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) }); // division by zero
    await expect(held).rejects.toThrow();
    expect(await notes(prefix)).toEqual([]);
  });

  describe('a named statement in a group', () => {
    // One connection, so that every transaction below finds what the previous ones prepared on it.
    const onePool = createPool(process.env.DATABASE_URL!, 1);
    const oneDb = createDb(onePool);
    const one = new Transactions(oneDb);
    const byNote = (note: string) => sql`SELECT id, note FROM pipelined_probe WHERE note = ${note}`;
    const preparedOnConnection = async (tx: Parameters<Parameters<Transactions['run']>[0]>[0]) =>
      (
        await tx.execute<{ name: string; generic_plans: number; custom_plans: number }>(
          sql`SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements
              WHERE name LIKE 'pipe_%' AND statement LIKE '%FROM pipelined_probe WHERE note =%'`,
        )
      ).rows;
    afterAll(() => onePool.end());

    it('runs as EXECUTE of a statement prepared once per connection, with its own values, and keeps a generic plan', async () => {
      const prefix = fresh('named');
      for (let i = 1; i <= 7; i++)
        await one.run(async (tx) => {
          await tx.execute(sql`INSERT INTO pipelined_probe (note) VALUES (${`${prefix}-${i}`})`);
          // Sent with the COMMIT, as a booking's answer is.
          commitWithNextStatement(tx);
          const { rows } = await executeWithCachedPlan<{ note: string }>(tx, byNote(`${prefix}-${i}`));
          expect(rows.map((row) => row.note)).toEqual([`${prefix}-${i}`]);
        });
      const prepared = await one.run(async (tx) => preparedOnConnection(tx));
      // Prepared once (not seven times: a second PREPARE of the name would have failed the transaction), and
      // PostgreSQL went from custom plans to the generic one, which is what the name is for.
      expect(prepared).toHaveLength(1);
      expect(prepared[0].custom_plans + prepared[0].generic_plans).toBe(7);
      expect(prepared[0].generic_plans).toBeGreaterThan(0);
      expect(await notes(prefix)).toHaveLength(7);
    });

    it('behind a transaction pooler (DATABASE_TRANSACTION_POOLING), goes inlined: nothing prepared that another server connection would miss', async () => {
      const pooledPool = createPool(process.env.DATABASE_URL!, 1);
      sendNamedStatementsInlined(pooledPool);
      const pooled = new Transactions(createDb(pooledPool));
      try {
        const prefix = fresh('pooled');
        const seen = await pooled.run(async (tx) => {
          await tx.execute(sql`INSERT INTO pipelined_probe (note) VALUES (${prefix})`);
          // In a group, with the COMMIT: where the connection would otherwise PREPARE it.
          commitWithNextStatement(tx);
          const { rows } = await executeWithCachedPlan<{ note: string }>(tx, byNote(prefix));
          return rows.map((row) => row.note);
        });
        expect(seen).toEqual([prefix]);
        expect(await pooled.run(async (tx) => preparedOnConnection(tx))).toEqual([]);
      } finally {
        await pooledPool.end();
      }
    });

    it('two groups in flight with the same new statement prepare it once', async () => {
      const prefix = fresh('twice');
      const twice = (note: string) =>
        sql`SELECT note, 'in flight' AS why FROM pipelined_probe WHERE note = ${note}`;
      await one.run(async (tx) => tx.execute(sql`INSERT INTO pipelined_probe (note) VALUES (${prefix})`));
      const answers = await one.run(async (tx) => {
        // The first goes with BEGIN, with the statement's PREPARE; the second, sent before the first's answer,
        // goes with the COMMIT: it must not PREPARE the name again ("already exists" would fail the transaction).
        const first = executeWithCachedPlan<{ note: string }>(tx, twice(prefix));
        commitWithNextStatement(tx);
        const second = executeWithCachedPlan<{ note: string }>(tx, twice(prefix));
        return (await Promise.all([first, second])).map((result) => result.rows.map((row) => row.note));
      });
      expect(answers).toEqual([[prefix], [prefix]]);
    });

    it('after a group that failed with its PREPARE, the statement still runs on that connection, inlined', async () => {
      const prefix = fresh('named-fail');
      const fresher = (note: string) =>
        sql`SELECT note, 'after a failure' AS why FROM pipelined_probe WHERE note = ${note}`;
      await expect(
        one.run(async (tx) => {
          await sendWithNextStatement(tx, () => executeWithCachedPlan(tx, fresher(prefix)));
          await tx.execute(sql`SELECT 1 / 0`);
        }),
      ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
      const answer = await one.run(async (tx) => {
        await tx.execute(sql`INSERT INTO pipelined_probe (note) VALUES (${prefix})`);
        commitWithNextStatement(tx);
        return (await executeWithCachedPlan<{ note: string; why: string }>(tx, fresher(prefix))).rows;
      });
      expect(answer).toEqual([{ note: prefix, why: 'after a failure' }]);
    });
  });
});

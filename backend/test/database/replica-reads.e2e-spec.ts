import { sql } from 'drizzle-orm';
import { constantOfPlan, createDb, createPool, ReplicaReads } from '../../src/database/database.module';

// The public reads' cached plans: a read marked `cachedPlan` is prepared once per connection and answers exactly as
// an ordinary read (same rows, dates left as text); an ordinary read prepares nothing; past the cap of distinct
// texts the reads still answer, unprepared.
describe('ReplicaReads: cached plans', () => {
  // One connection, so that pg_prepared_statements (per session) shows what the reads prepared.
  const pool = createPool(process.env.DATABASE_URL!, 1);
  const db = createDb(pool);
  const reads = new ReplicaReads(db, pool, pool);
  const prepared = async () =>
    (
      await pool.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time',
      )
    ).rows;
  const probe = (n: number) =>
    sql`SELECT ${n}::int AS n, timestamptz '2026-11-27 10:00+01' AS at, date '2026-11-27' AS day`;

  afterAll(() => pool.end());

  it('prepares a cached read once and answers it like an ordinary read', async () => {
    const plain = await reads.execute(probe(1));
    expect(await prepared()).toEqual([]);

    const first = await reads.execute(probe(1), { cachedPlan: true });
    const second = await reads.execute(probe(2), { cachedPlan: true });
    expect(first.rows).toEqual(plain.rows);
    // Dates and times stay text, as drizzle's own reads give them to the repositories.
    expect(first.rows).toEqual([{ n: 1, at: '2026-11-27 09:00:00+00', day: '2026-11-27' }]);
    expect(second.rows[0].n).toBe(2);

    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0].name).toMatch(/^cached_/);
    expect(statements[0].statement).toContain('$1::int AS n');
  });

  it('a cached read that fails leaves the connection usable and prepares nothing wrong', async () => {
    await expect(
      reads.execute(sql`SELECT ${'not a number'}::int AS n`, { cachedPlan: true }),
    ).rejects.toMatchObject({ cause: { code: '22P02' } }); // invalid_text_representation, as an ordinary read
    expect((await reads.execute(probe(3), { cachedPlan: true })).rows[0].n).toBe(3);
    // The same text again, with a value it accepts: its statement (parsed before the value failed) is used as is.
    expect((await reads.execute(sql`SELECT ${'42'}::int AS n`, { cachedPlan: true })).rows).toEqual([
      { n: 42 },
    ]);
  });

  it('a LIMIT written in with constantOfPlan gets the generic plan; sent as a parameter, a plan per run', async () => {
    await pool.query(`CREATE TEMP TABLE listing (id int PRIMARY KEY, city int NOT NULL)`);
    await pool.query(`INSERT INTO listing SELECT g, g % 50 FROM generate_series(1, 20000) g`);
    await pool.query(`ANALYZE listing`);
    const plans = async (fragment: string) =>
      (
        await pool.query<{ generic_plans: string; custom_plans: string }>(
          `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE $1`,
          [`%${fragment}%`],
        )
      ).rows[0];
    for (let run = 0; run < 8; run += 1) {
      const city = run % 50;
      const asParameter = await reads.execute<{ id: number }>(
        sql`SELECT id FROM listing WHERE city = ${city} ORDER BY id LIMIT ${20}`,
        { cachedPlan: true },
      );
      const writtenIn = await reads.execute<{ id: number }>(
        sql`SELECT id FROM listing WHERE city <> ${city} ORDER BY id LIMIT ${constantOfPlan(20)}`,
        { cachedPlan: true },
      );
      expect(asParameter.rows).toHaveLength(20);
      expect(writtenIn.rows).toHaveLength(20);
    }
    // PostgreSQL costs `LIMIT $2` as a tenth of the table: the generic plan looks dearer, it plans every run.
    expect(await plans('WHERE city = $1')).toEqual({ generic_plans: '0', custom_plans: '8' });
    // Written in: five custom plans, then the generic one kept.
    expect(await plans('WHERE city <> $1')).toEqual({ generic_plans: '3', custom_plans: '5' });
    expect(() => constantOfPlan(2.5)).toThrow();
    expect(() => constantOfPlan(-1)).toThrow();
    await pool.query(`DISCARD TEMP`);
  });

  it('past 500 distinct texts, the further reads still answer, unprepared', async () => {
    for (let i = 0; i < 500; i += 1)
      await reads.execute(sql`SELECT ${i}::int + ${sql.raw(String(i))} AS n`, { cachedPlan: true });
    const before = (await prepared()).length;
    expect(before).toBeLessThanOrEqual(500);
    const answer = await reads.execute(sql`SELECT ${7}::int * 6 AS n`, { cachedPlan: true });
    expect(answer.rows).toEqual([{ n: 42 }]);
    expect((await prepared()).length).toBe(before);
  });
});

import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';
import type { Database, DbOrTx, Transaction } from './database.types';
import * as schema from './schema';
import { retryTransientConflicts } from '../common/database-errors';
import { ambientTransaction, type RunOptions } from './ambient-transaction';
import { observePool } from '../observability/metrics';
import { runPipelined, sendNamedStatementsInlined } from './pipelined-transaction';

export const PG_POOL = 'PG_POOL';
export const DRIZZLE = 'DRIZZLE';
/** The pool of DATABASE_READ_URL (the streaming replica), or the primary's pool when it is unset. */
export const READ_PG_POOL = 'READ_PG_POOL';
export const InjectDb = () => Inject(DRIZZLE);
export const InjectPool = () => Inject(PG_POOL);

/**
 * Server-side limits of the API's and the worker's connections, so one stuck statement or transaction cannot
 * keep a pool connection (and the locks it holds) for long and starve every other request.
 * Scripts (migrations, seeds) run without them: their bulk statements may legitimately take longer.
 */
export const SERVER_POOL_TIMEOUTS = {
  statement_timeout: 15_000,
  lock_timeout: 5_000,
  idle_in_transaction_session_timeout: 30_000,
} as const;

export function createPool(
  databaseUrl: string,
  max = 10,
  timeouts: Partial<typeof SERVER_POOL_TIMEOUTS> = {},
): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...timeouts,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: Pool): Database {
  return drizzle(pool, { schema });
}

/**
 * The one way a service runs a transaction: `await this.transactions.run(async (tx) => { ...repository calls with tx... })`.
 * Repositories take the `tx` as their first argument, so a change and what must go with it (its outbox event, its
 * audit line, a spent link token) commit or roll back together. Services open transactions only through it.
 */
@Injectable()
export class Transactions {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * Runs `work` in one transaction. With `retryOnConflict`, a serialization failure or deadlock (SQLSTATE 40001 /
   * 40P01) re-runs the whole transaction up to three times: only for work that is safe to repeat from the start.
   * Inside a request with an Idempotency-Key, the request's unit of work runs it (see `ambient-transaction.ts`).
   */
  run<T>(work: (tx: Transaction) => Promise<T>, options: RunOptions = {}): Promise<T> {
    const ambient = ambientTransaction.getStore();
    if (ambient) return ambient.run(work, options);
    const once = () =>
      runPipelined(this.db, ({ tx, allowEarlyCommit }) => {
        allowEarlyCommit();
        return work(tx);
      });
    return options.retryOnConflict ? retryTransientConflicts(once) : once();
  }
}

/**
 * SQLSTATEs and socket errors meaning "this server cannot answer now" (down, starting, shutting down,
 * too many connections), as opposed to an error of the query itself.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  // On a hot standby: a statement cancelled because of a conflict with recovery (replayed vacuum, lock).
  '40001',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
]);

export function isServerUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return (
    [code, causeCode].some(
      (c) => typeof c === 'string' && (UNAVAILABLE_SQLSTATES.has(c) || UNAVAILABLE_SOCKET_CODES.has(c)),
    ) ||
    [error, (error as { cause?: unknown } | null)?.cause].some((e) =>
      /timeout exceeded when trying to connect|Connection terminated|terminating connection/i.test(
        String((e as Error | undefined)?.message),
      ),
    )
  );
}

/**
 * Public directory reads that may lag behind the last writes by the replication delay: search, listings,
 * profiles, office pages, sitemaps (`DATABASE_READ_URL`, the streaming replica). Nothing that must read its
 * own writes goes through here (bookings, a client's own appointments, the professional's space, anything
 * after a write): those use the primary (`InjectDb`, `Transactions`). Without DATABASE_READ_URL, or while the
 * replica cannot answer, the reads go to the primary, so a replica outage degrades nothing but the primary's load.
 */
@Injectable()
export class ReplicaReads {
  private readonly logger = new Logger('ReplicaReads');
  private lastWarning = 0;
  private readonly replica: Database | undefined;

  constructor(
    @InjectDb() private readonly primary: Database,
    @Inject(READ_PG_POOL) readPool: Pool,
    @Inject(PG_POOL) primaryPool: Pool,
  ) {
    this.replica = readPool === primaryPool ? undefined : createDb(readPool);
  }

  /**
   * Runs a read on the replica (on the primary without one, or while it cannot answer). With `cachedPlan`, the
   * read is a named prepared statement (`namedStatement` below): only for statements whose best plan does not
   * depend on their values.
   */
  async execute<TRow extends Record<string, unknown>>(
    query: SQLWrapper,
    options: { cachedPlan?: boolean } = {},
  ): Promise<{ rows: TRow[] }> {
    const statement = namedStatement(query, options.cachedPlan ?? false);
    if (!this.replica) return runStatement<TRow>(this.primary, statement);
    try {
      return await runStatement<TRow>(this.replica, statement);
    } catch (error) {
      if (!isServerUnavailable(error)) throw error;
      if (Date.now() - this.lastWarning > 10_000) {
        this.lastWarning = Date.now();
        this.logger.warn(`read replica unavailable (${(error as Error).message}): reading from the primary`);
      }
      return runStatement<TRow>(this.primary, statement);
    }
  }
}

/**
 * A read with a cached plan runs as a named prepared statement: each connection parses and plans its text once,
 * then PostgreSQL keeps a generic plan once it costs no more than the custom ones. For the listing's statements
 * planning was as dear as running (1.2-1.4 ms of each 2.5-3 ms at 80,000 professionals); named, a city's search
 * served 408 requests a second at 8 connections against 255 (bench/reports/scale-analysis.md).
 * Only where the best plan is the same whatever the values: a unique key, or a city's professionals read by its
 * index whether it has 1 or 2,465. A generic plan assumes the average city (7 professionals): with a speciality
 * filter it nested-loops over Paris's 2,465 professionals (9 ms) where the custom plan hash-joins (5 ms).
 * The name is the text's hash, so one name is always one text. Each connection keeps what it prepared until it
 * closes; past PREPARED_NAMES_CAP distinct texts (a text built from unbounded input by mistake) the others run
 * unnamed.
 */
const PREPARED_NAMES_CAP = 500;

/**
 * A constant integer of a cached-plan statement (a LIMIT it always has) written into its text instead of sent
 * as a parameter. PostgreSQL costs `LIMIT $n` as a tenth of the rows: the generic plan of a small LIMIT then looks
 * several times dearer than the custom ones and is never chosen, so the statement is planned on every run: the
 * remote section's read spent 2.2 ms planning for 3.3 ms running at 80,000 professionals. With its two limits
 * written in, PostgreSQL keeps the generic plan after five runs. Only for constants of our own code, never a
 * visitor's value (each value is another text, another prepared statement).
 */
export function constantOfPlan(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`constantOfPlan expects a natural number, got ${value}`);
  return sql.raw(String(value));
}

const preparedNames = new Set<string>();
const dialect = new PgDialect();

interface Statement {
  sql: string;
  params: unknown[];
  name: string | undefined;
}

function namedStatement(query: SQLWrapper, cachedPlan: boolean): Statement {
  const { sql, params } = dialect.sqlToQuery(query.getSQL());
  if (!cachedPlan) return { sql, params, name: undefined };
  let name: string | undefined = `cached_${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
  if (!preparedNames.has(name)) {
    if (preparedNames.size < PREPARED_NAMES_CAP) preparedNames.add(name);
    else name = undefined;
  }
  return { sql, params, name };
}

/**
 * Runs `query` as a named prepared statement on `db` (the primary, or a transaction): for reads and writes whose
 * best plan is the same whatever the values (a unique key), run often enough that planning them each time shows.
 * The appointment record's ten joins took 1.5 ms to plan warm (2.9 ms under the booking bench's load) for 0.1 ms
 * of running, once per mail job.
 */
export function executeWithCachedPlan<TRow extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQLWrapper,
): Promise<{ rows: TRow[] }> {
  return runStatement<TRow>(db, namedStatement(query, true));
}

async function runStatement<TRow>(db: DbOrTx, statement: Statement): Promise<{ rows: TRow[] }> {
  // drizzle's own prepared query: the same row parsing as `db.execute` (dates and times left as text).
  const prepared = db._.session.prepareQuery(statement, undefined, statement.name, false);
  const result = (await prepared.execute()) as { rows: TRow[] };
  return { rows: result.rows };
}

/** Closes the pools on shutdown. Connections are opened lazily, on the first query. */
@Injectable()
class PoolCloser implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(READ_PG_POOL) private readonly readPool: Pool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    for (const pool of new Set([this.pool, this.readPool])) if (!pool.ended) await pool.end();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: PG_POOL,
      inject: [ENV],
      useFactory: (env: Env) => {
        const pool = createPool(env.DATABASE_URL, 10, SERVER_POOL_TIMEOUTS);
        if (env.DATABASE_TRANSACTION_POOLING) sendNamedStatementsInlined(pool);
        observePool('primary', pool);
        return pool;
      },
    },
    {
      provide: READ_PG_POOL,
      inject: [ENV, PG_POOL],
      useFactory: (env: Env, primary: Pool) => {
        if (!env.DATABASE_READ_URL) return primary;
        const pool = createPool(env.DATABASE_READ_URL, 10, SERVER_POOL_TIMEOUTS);
        observePool('replica', pool);
        return pool;
      },
    },
    { provide: DRIZZLE, inject: [PG_POOL], useFactory: (pool: Pool) => createDb(pool) },
    PoolCloser,
    Transactions,
    ReplicaReads,
  ],
  exports: [PG_POOL, DRIZZLE, Transactions, ReplicaReads],
})
export class DatabaseModule {}

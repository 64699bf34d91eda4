import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';
import type { Database, Transaction } from './database.types';
import * as schema from './schema';
import { retryTransientConflicts } from '../common/database-errors';
import { ambientTransaction, type RunOptions } from './ambient-transaction';

export const PG_POOL = 'PG_POOL';
export const DRIZZLE = 'DRIZZLE';
export const InjectDb = () => Inject(DRIZZLE);
export const InjectPool = () => Inject(PG_POOL);

/**
 * Server-side limits of the API's and the worker's connections, so one stuck statement or transaction cannot
 * keep a pool connection (and the locks it holds) for long and starve every other request (issue 10, point 7).
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
    const once = () => this.db.transaction(work);
    return options.retryOnConflict ? retryTransientConflicts(once) : once();
  }
}

/** Closes the pool on shutdown. Connections are opened lazily, on the first query. */
@Injectable()
class PoolCloser implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: PG_POOL,
      inject: [ENV],
      useFactory: (env: Env) => createPool(env.DATABASE_URL, 10, SERVER_POOL_TIMEOUTS),
    },
    { provide: DRIZZLE, inject: [PG_POOL], useFactory: (pool: Pool) => createDb(pool) },
    PoolCloser,
    Transactions,
  ],
  exports: [PG_POOL, DRIZZLE, Transactions],
})
export class DatabaseModule {}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from './database.types';

export interface RunOptions {
  /** Re-run the work (up to three times) after a serialization failure or a deadlock (SQLSTATE 40001 / 40P01). */
  retryOnConflict?: boolean;
}

/**
 * A unit of work that spans one HTTP request: while one is set (by the Idempotency-Key interceptor),
 * `Transactions.run` hands it the work instead of opening a transaction of its own, so what the request writes
 * and the answer recorded for its key commit together. Outside such a request nothing changes.
 */
export interface AmbientTransaction {
  run<T>(work: (tx: Transaction) => Promise<T>, options: RunOptions): Promise<T>;
}

export const ambientTransaction = new AsyncLocalStorage<AmbientTransaction>();

import type { Worker } from 'bullmq';
import { withTimeout } from '../common/timeout';

interface Closable {
  close(force?: boolean): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Closes a BullMQ Queue / Worker without hanging: `close()` waits for Redis, which never answers
 * while Redis is down, so after `timeoutMs` the connections are dropped instead.
 */
export async function closeBullClient(client: Closable, timeoutMs = 3_000, force = false): Promise<void> {
  try {
    await withTimeout(client.close(force), timeoutMs, 'close timed out');
  } catch {
    await withTimeout(client.disconnect(), 1_000, 'disconnect timed out').catch(() => undefined);
  }
}

/**
 * Follows whether a BullMQ Worker reaches Redis ('ready') or has lost it since ('error'), so that it can be closed the
 * right way at shutdown.
 */
export function trackRedisReadiness(worker: Worker): () => boolean {
  let ready = false;
  worker.on('ready', () => (ready = true));
  worker.on('error', () => (ready = false));
  return () => ready;
}

/**
 * Closes a BullMQ Worker: while Redis answers, running jobs may finish (up to 10 s). While it does not, the close is
 * forced at once: a gentle close waits for the jobs of a main loop stuck waiting for Redis, and leaves the lock-renewal
 * timer and the reconnecting sockets alive, which kept the process (and test runs) from ever exiting.
 */
export function closeBullWorker(worker: Worker, redisReachable: boolean): Promise<void> {
  return closeBullClient(worker, redisReachable ? 10_000 : 1_000, !redisReachable);
}

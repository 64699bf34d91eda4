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

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** What a connection made by OAuth keeps, sealed (see CredentialCipher). */
export interface OAuthTokens {
  kind: 'oauth';
  accessToken: string;
  refreshToken: string | null;
  /** ms since the epoch */
  expiresAt: number | null;
}

/**
 * Refreshes one connection's tokens. `refreshed` runs `refresh` under the connection's lock and saves what
 * it returns (a rotated refresh token included) before releasing it; a worker that waited for the lock
 * first re-reads the saved tokens and refreshes only if they are still stale.
 */
export interface TokenKeeper {
  refreshed(
    stale: OAuthTokens,
    refresh: (current: OAuthTokens) => Promise<OAuthTokens>,
  ): Promise<OAuthTokens>;
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A Redis lock per key (SET NX PX + compare-and-delete on release, so a lock that expired and was taken by
 * another worker is never released by the first one). Waits by polling, up to `waitMs`.
 */
export class RedisLock {
  constructor(
    private readonly redis: Redis,
    private readonly ttlMs = 30_000,
    private readonly waitMs = 35_000,
  ) {}

  async with<T>(key: string, work: () => Promise<T>): Promise<T> {
    const token = randomBytes(16).toString('hex');
    const deadline = Date.now() + this.waitMs;
    while ((await this.redis.set(key, token, 'PX', this.ttlMs, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new Error(`lock ${key} not acquired`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token);
    }
  }
}

/** The token keeper of one stored connection: lock in Redis, tokens re-read and saved sealed in PostgreSQL. */
export function connectionTokenKeeper(
  lock: RedisLock,
  connectionId: string,
  store: { load(): Promise<OAuthTokens>; save(tokens: OAuthTokens): Promise<void> },
): TokenKeeper {
  return {
    refreshed: (stale, refresh) =>
      lock.with(`calendar-sync:token-lock:${connectionId}`, async () => {
        const current = await store.load();
        // Another worker refreshed while we waited: use its tokens.
        if (current.accessToken !== stale.accessToken && (current.expiresAt ?? 0) > Date.now() + 60_000)
          return current;
        const fresh = await refresh(current);
        await store.save(fresh);
        return fresh;
      }),
  };
}

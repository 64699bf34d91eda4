import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Env } from '../../src/config/env.schema';
import { ACTIVE_WINDOW_MS, SyncQueue } from '../../src/modules/calendar-sync/sync-queue';

/**
 * The calendars seen changing, which the worker syncs every 15 s for a while: kept in Redis per deployment (its
 * QUEUE_PREFIX), so two environments sharing a Redis never sync each other's, and forgotten after the window.
 */
describe('Calendar sync: calendars seen changing', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const base = `${process.env.QUEUE_PREFIX ?? 'rdv-test'}-${randomUUID().slice(0, 8)}`;
  // Only the marks are used here: no job is queued.
  const queueOf = (prefix: string) =>
    new SyncQueue(undefined as never, undefined as never, redis, { QUEUE_PREFIX: prefix } as Env);

  const keyOf = (prefix: string) => `${prefix}:calendar-sync:recently-changed`;

  afterAll(async () => {
    await redis.del(keyOf(`${base}-production`), keyOf(`${base}-staging`));
    redis.disconnect();
  });

  it('are each deployment’s own, and forgotten after the window', async () => {
    const production = queueOf(`${base}-production`);
    const staging = queueOf(`${base}-staging`);
    const now = Date.now();
    await production.markChanged('calendar-seen-long-ago', now - ACTIVE_WINDOW_MS - 1_000);
    await production.markChanged('calendar-of-production', now - 60_000);
    await staging.markChanged('calendar-of-staging', now);

    expect(await production.recentlyChanged(now)).toEqual(['calendar-of-production']);
    expect(await staging.recentlyChanged(now)).toEqual(['calendar-of-staging']);
    // Past the window the mark is dropped, not only skipped.
    expect(await redis.zcard(keyOf(`${base}-production`))).toBe(1);
    expect(await production.recentlyChanged(now + ACTIVE_WINDOW_MS)).toEqual([]);
  });
});

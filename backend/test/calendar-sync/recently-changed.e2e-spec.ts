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

  afterAll(async () => {
    const keys = await redis.keys(`${base}*`);
    if (keys.length > 0) await redis.del(...keys);
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
    expect(await redis.zcard(`${base}-production:calendar-sync:recently-changed`)).toBe(1);
    expect(await production.recentlyChanged(now + ACTIVE_WINDOW_MS)).toEqual([]);
  });
});

import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../redis/redis.module';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { OutboxService } from '../outbox';
import { SYNC_JOB } from './calendar-sync.jobs';

/** Redis sorted set: calendars seen changing, scored by when (epoch ms). */
const ACTIVE_KEY = 'calendar-sync:recently-changed';
/** A polled calendar that changed is polled faster for this long. */
export const ACTIVE_WINDOW_MS = 10 * 60_000;

/**
 * Queues a sync of one calendar (a job, written through the outbox): after a choice, a reconnection or a push;
 * and remembers which polled calendars changed lately, so they are polled faster for a while.
 */
@Injectable()
export class SyncQueue {
  constructor(
    private readonly outbox: OutboxService,
    @InjectDb() private readonly db: Database,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** A polled calendar changed (a sync found changes, or a booking found it ahead of the cache). */
  async markChanged(calendarId: string, now = Date.now()): Promise<void> {
    await this.redis.zadd(ACTIVE_KEY, now, calendarId).catch(() => undefined);
  }

  /** Calendars that changed within the window; older marks are dropped. */
  async recentlyChanged(now = Date.now()): Promise<string[]> {
    await this.redis.zremrangebyscore(ACTIVE_KEY, '-inf', now - ACTIVE_WINDOW_MS);
    return this.redis.zrangebyscore(ACTIVE_KEY, now - ACTIVE_WINDOW_MS, '+inf');
  }

  enqueueSync(calendarId: string): Promise<number> {
    return this.outbox.enqueue(this.db, {
      queue: QUEUES.calendarSync,
      jobName: SYNC_JOB,
      payload: { calendarId },
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectRedis } from '../../redis/redis.module';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { OutboxService } from '../outbox';
import { SYNC_JOB } from './calendar-sync.jobs';

/**
 * Redis sorted set of the calendars seen changing, scored by when (epoch ms), under the deployment's QUEUE_PREFIX:
 * environments sharing a Redis (or the tests' workers) each sync their own.
 */
const activeKey = (prefix: string) => `${prefix}:calendar-sync:recently-changed`;
/** A polled calendar that changed is polled faster for this long. */
export const ACTIVE_WINDOW_MS = 10 * 60_000;

/**
 * Queues a sync of one calendar (a job, written through the outbox): after a choice, a reconnection or a push;
 * and remembers which polled calendars changed lately, so they are polled faster for a while.
 */
@Injectable()
export class SyncQueue {
  private readonly activeKey: string;

  constructor(
    private readonly outbox: OutboxService,
    @InjectDb() private readonly db: Database,
    @InjectRedis() private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.activeKey = activeKey(env.QUEUE_PREFIX);
  }

  /** A polled calendar changed (a sync found changes, or a booking found it ahead of the cache). */
  async markChanged(calendarId: string, now = Date.now()): Promise<void> {
    await this.redis.zadd(this.activeKey, now, calendarId).catch(() => undefined);
  }

  /** Calendars that changed within the window; older marks are dropped. */
  async recentlyChanged(now = Date.now()): Promise<string[]> {
    await this.redis.zremrangebyscore(this.activeKey, '-inf', now - ACTIVE_WINDOW_MS);
    return this.redis.zrangebyscore(this.activeKey, now - ACTIVE_WINDOW_MS, '+inf');
  }

  enqueueSync(calendarId: string): Promise<number> {
    return this.outbox.enqueue(this.db, {
      queue: QUEUES.calendarSync,
      jobName: SYNC_JOB,
      payload: { calendarId },
    });
  }
}

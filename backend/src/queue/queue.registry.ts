import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, RedisOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';
import { redisConnectionOptions } from '../redis/redis.module';
import { closeBullClient } from './close';
import { DEFAULT_JOB_OPTIONS, QueueName } from './queue.constants';

/** Connection options for BullMQ clients (each Queue / Worker opens its own connections). */
export function bullConnection(env: Env): RedisOptions {
  return {
    ...redisConnectionOptions(env),
    maxRetriesPerRequest: null,
    connectTimeout: 2_000,
  } as RedisOptions;
}

/** Creates BullMQ queues on first use (so nothing connects to Redis before it is needed) and closes them on shutdown. */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueRegistry.name);
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(ENV) private readonly env: Env) {}

  get prefix(): string {
    return this.env.QUEUE_PREFIX;
  }

  get connection(): RedisOptions {
    return bullConnection(this.env);
  }

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      let lastLog = 0;
      queue.on('error', (error) => {
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          this.logger.warn(`Queue ${name}: ${error.message}`);
        }
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Behind Sentinel, waits until a replica has the writes this queue's connection made (WAIT): a job the
   * primary accepted but had not yet passed on would vanish if the primary died and its replica were
   * promoted. Throws when a connected replica did not acknowledge them in time, so that the caller keeps
   * its outbox rows and adds them again (same job ids: no duplicate). A primary with no replica connected
   * (the other one is down) cannot lose them through a failover: nothing to wait for.
   */
  async confirmReplicated(queue: Queue, timeoutMs = 2_000): Promise<void> {
    if (!this.env.REDIS_SENTINELS) return;
    const client = (await queue.getBackend().client) as unknown as Pick<Redis, 'wait' | 'info'>;
    const replication = await client.info('replication');
    if (/^connected_slaves:0\s*$/m.test(replication)) return;
    if ((await client.wait(1, timeoutMs)) >= 1) return;
    throw new Error(`no Redis replica acknowledged the jobs within ${timeoutMs} ms`);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => closeBullClient(queue)));
    this.queues.clear();
  }
}

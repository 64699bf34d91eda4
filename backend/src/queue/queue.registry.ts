import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, RedisOptions } from 'bullmq';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';
import { redisOptionsFromUrl } from '../redis/redis.module';
import { closeBullClient } from './close';
import { DEFAULT_JOB_OPTIONS, QueueName } from './queue.constants';

/** Connection options for BullMQ clients (each Queue / Worker opens its own connections). */
export function bullConnection(env: Env): RedisOptions {
  return { ...redisOptionsFromUrl(env.REDIS_URL), maxRetriesPerRequest: null, connectTimeout: 2_000 };
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

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => closeBullClient(queue)));
    this.queues.clear();
  }
}

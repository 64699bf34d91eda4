import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';

export const REDIS = 'REDIS';
export const InjectRedis = () => Inject(REDIS);

/** ioredis options from a redis:// URL, for clients that must create their own connections (BullMQ). */
export interface RedisConnectionSettings {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: Record<string, never>;
}

export function redisOptionsFromUrl(url: string): RedisConnectionSettings {
  const parsed = new URL(url);
  const db = parsed.pathname && parsed.pathname !== '/' ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

/**
 * Shared Redis client for plain commands (health checks, rate limits, caches). It connects lazily,
 * so building the app (e.g. to write openapi.json) needs no Redis; while Redis is down commands
 * fail fast instead of queueing.
 */
export function createRedis(url: string, logger = new Logger('Redis')): Redis {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lastLog = 0;
  client.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastLog > 10_000) {
      lastLog = now;
      logger.warn(`Redis error: ${error.message}`);
    }
  });
  return client;
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }
}

@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [ENV], useFactory: (env: Env) => createRedis(env.REDIS_URL) },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}

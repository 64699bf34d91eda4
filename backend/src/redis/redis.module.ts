import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
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

export type RedisEnv = Pick<
  Env,
  'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'
>;

/**
 * Where every Redis client of the API and the worker connects (the shared client and BullMQ's): the
 * REDIS_URL server, or, with REDIS_SENTINELS, the primary the sentinels name. Behind Sentinel a client
 * re-asks the sentinels at each reconnection, watches for a failover (`failoverDetector`), and a
 * write that lands on a demoted primary (READONLY) reconnects to the new one and is sent again.
 */
export function redisConnectionOptions(env: RedisEnv): RedisOptions {
  const fromUrl = redisOptionsFromUrl(env.REDIS_URL);
  if (!env.REDIS_SENTINELS || !env.REDIS_SENTINEL_NAME) return fromUrl;
  return {
    sentinels: env.REDIS_SENTINELS,
    name: env.REDIS_SENTINEL_NAME,
    role: 'master',
    username: fromUrl.username,
    password: fromUrl.password,
    db: fromUrl.db,
    tls: fromUrl.tls,
    sentinelPassword: env.REDIS_SENTINEL_PASSWORD,
    enableTLSForSentinelMode: Boolean(fromUrl.tls),
    failoverDetector: true,
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
}

/**
 * Shared Redis client for plain commands (health checks, rate limits, caches). It connects lazily,
 * so building the app (e.g. to write openapi.json) needs no Redis; while Redis is down commands
 * fail fast instead of queueing.
 */
export function createRedis(env: RedisEnv, logger = new Logger('Redis')): Redis {
  const client = new Redis({
    ...redisConnectionOptions(env),
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
  providers: [{ provide: REDIS, inject: [ENV], useFactory: (env: Env) => createRedis(env) }, RedisCloser],
  exports: [REDIS],
})
export class RedisModule {}

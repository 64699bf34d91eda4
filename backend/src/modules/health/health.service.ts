import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { Redis } from 'ioredis';
import { withTimeout } from '../../common/timeout';
import { InjectRedis } from '../../redis/redis.module';
import type { DependencyStatusDto, ReadyDto } from './health.dto';
import { HealthRepository } from './health.repository';
import { antivirusProbe } from '../client-folders';

export const READY_CHECK_TIMEOUT_MS = 1_000;

async function probe(check: () => Promise<unknown>, name: string): Promise<DependencyStatusDto> {
  try {
    await withTimeout(
      check(),
      READY_CHECK_TIMEOUT_MS,
      `${name} did not answer within ${READY_CHECK_TIMEOUT_MS} ms`,
    );
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message || error.name : String(error) };
  }
}

@Injectable()
export class HealthService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(HealthService.name);
  private draining = false;
  private readonly pingAntivirus: (() => Promise<void>) | undefined;

  constructor(
    private readonly repository: HealthRepository,
    @InjectRedis() private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.pingAntivirus = antivirusProbe(env);
  }

  /**
   * SIGTERM (a rolling restart, a scale-down): readiness answers 503 at once while the API goes on
   * serving for SHUTDOWN_DRAIN_SECONDS, so that the gateway or the load balancer stops sending it new
   * requests before it stops listening; then Nest closes the server, letting in-flight requests finish.
   */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (!signal || this.env.SHUTDOWN_DRAIN_SECONDS === 0) return;
    this.draining = true;
    this.logger.log(`${signal}: draining for ${this.env.SHUTDOWN_DRAIN_SECONDS} s before closing`);
    await new Promise((resolve) => setTimeout(resolve, this.env.SHUTDOWN_DRAIN_SECONDS * 1000));
  }

  async readiness(): Promise<ReadyDto> {
    if (this.draining) {
      const draining = { status: 'down' as const, error: 'shutting down (draining)' };
      return {
        status: 'error',
        checks: { postgres: draining, redis: draining, ...(this.pingAntivirus && { clamav: draining }) },
      };
    }
    const pingAntivirus = this.pingAntivirus;
    const [postgres, redis, clamav] = await Promise.all([
      probe(() => this.repository.selectOne(), 'PostgreSQL'),
      probe(() => this.pingRedis(), 'Redis'),
      pingAntivirus ? probe(() => pingAntivirus(), 'clamd') : undefined,
    ]);
    const checks = { postgres, redis, ...(clamav && { clamav }) };
    const ok = Object.values(checks).every((check) => check.status === 'up');
    return { status: ok ? 'ok' : 'error', checks };
  }

  private async pingRedis(): Promise<void> {
    if (this.redis.status === 'wait' || this.redis.status === 'end') {
      await this.redis.connect().catch((error: unknown) => {
        // "already connecting" races are fine: the ping below decides.
        if (!(error instanceof Error) || !/already/i.test(error.message)) throw error;
      });
    }
    const answer = await this.redis.ping();
    if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
  }
}

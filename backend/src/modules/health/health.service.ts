import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { withTimeout } from '../../common/timeout';
import { InjectRedis } from '../../redis/redis.module';
import type { DependencyStatusDto, ReadyDto } from './health.dto';
import { HealthRepository } from './health.repository';

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
export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async readiness(): Promise<ReadyDto> {
    const [postgres, redis] = await Promise.all([
      probe(() => this.repository.selectOne(), 'PostgreSQL'),
      probe(() => this.pingRedis(), 'Redis'),
    ]);
    const ok = postgres.status === 'up' && redis.status === 'up';
    return { status: ok ? 'ok' : 'error', checks: { postgres, redis } };
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

import { Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { withTimeout } from '../common/timeout';
import { OutboxRelayModule } from '../modules/outbox/outbox-relay.module';
import { OutboxRelay } from '../modules/outbox/outbox.relay';
import { QUEUE_NAMES } from '../queue/queue.constants';
import { QueueModule } from '../queue/queue.module';
import { QueueRegistry } from '../queue/queue.registry';
import { lastJobSucceeded, setQueueProbe } from './metrics';

const CHECK_TIMEOUT_MS = 1_000;
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export interface WorkerReadiness {
  status: 'ok' | 'error';
  checks: { queues: { status: 'up' | 'down'; error?: string }; relay: { status: 'up' | 'down' } };
  /** ISO instant of the last completed job, null before the first (a quiet night has none: not a failure). */
  lastJobSucceededAt: string | null;
}

/**
 * The worker's health, served on its side port (METRICS_PORT): ready when every queue's Redis answers and the
 * outbox relay's passes keep coming. Also feeds the queue-depth gauges of the scrape.
 */
@Injectable()
export class WorkerHealth implements OnApplicationBootstrap {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly relay: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    setQueueProbe(() =>
      Promise.all(
        QUEUE_NAMES.map(async (queue) => ({
          queue,
          counts: await this.queues.get(queue).getJobCounts(...JOB_STATES),
        })),
      ),
    );
  }

  async readiness(): Promise<{ ok: boolean; body: WorkerReadiness }> {
    let queues: WorkerReadiness['checks']['queues'] = { status: 'up' };
    try {
      await withTimeout(
        Promise.all(
          QUEUE_NAMES.map(async (name) => {
            const client = (await this.queues.get(name).getBackend().client) as unknown as Pick<
              Redis,
              'ping'
            >;
            return client.ping();
          }),
        ),
        CHECK_TIMEOUT_MS,
        `Redis did not answer within ${CHECK_TIMEOUT_MS} ms`,
      );
    } catch (error) {
      queues = { status: 'down', error: error instanceof Error ? error.message : String(error) };
    }
    const relay = { status: this.relay.alive ? ('up' as const) : ('down' as const) };
    const ok = queues.status === 'up' && relay.status === 'up';
    return {
      ok,
      body: {
        status: ok ? 'ok' : 'error',
        checks: { queues, relay },
        lastJobSucceededAt: lastJobSucceeded()?.toISOString() ?? null,
      },
    };
  }
}

@Module({ imports: [QueueModule, OutboxRelayModule], providers: [WorkerHealth], exports: [WorkerHealth] })
export class WorkerHealthModule {}

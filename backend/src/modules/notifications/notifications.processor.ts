import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import type { Transaction } from '../../database/database.types';
import { closeBullWorker, trackRedisReadiness } from '../../queue/close';
import { QUEUES } from '../../queue/queue.constants';
import { inJobSpan } from '../../observability/tracing';
import { observeJobs } from '../../observability/metrics';
import { bullConnection } from '../../queue/queue.registry';
import { ProcessedJobsRepository } from './notifications.repository';

/** Applies a job's effect inside `tx`; the effect commits together with the job's idempotency key. */
export type NotificationHandler = (
  tx: Transaction,
  payload: Record<string, unknown>,
  job: Job,
) => Promise<void>;

export type ProcessResult = 'processed' | 'duplicate';

/**
 * Consumes the `notifications` queue (worker process). Each job runs in one transaction that
 * first records the job key in processed_jobs (ON CONFLICT DO NOTHING): a retried or duplicated
 * job finds its key and does nothing, so a mail is never sent twice.
 * Feature modules register their handlers with `register(jobName, handler)`.
 */
@Injectable()
export class NotificationsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationsProcessor.name);
  private readonly handlers = new Map<string, NotificationHandler>();
  private worker: Worker | undefined;
  private redisReady: () => boolean = () => false;

  constructor(
    private readonly transactions: Transactions,
    private readonly processedJobs: ProcessedJobsRepository,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.register('ping', async (_tx, payload) => {
      this.logger.log({ payload }, 'ping notification processed');
    });
  }

  register(jobName: string, handler: NotificationHandler): void {
    this.handlers.set(jobName, handler);
  }

  onApplicationBootstrap(): void {
    this.worker = new Worker(
      QUEUES.notifications,
      (job) => inJobSpan(QUEUES.notifications, job, () => this.process(job)),
      {
        connection: bullConnection(this.env),
        prefix: this.env.QUEUE_PREFIX,
        concurrency: 5,
      },
    );
    observeJobs(this.worker, QUEUES.notifications);
    this.redisReady = trackRedisReadiness(this.worker);
    let lastLog = 0;
    this.worker.on('error', (error) => {
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        this.logger.warn(`notifications worker: ${error.message}`);
      }
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ jobId: job?.id, jobName: job?.name }, `notification job failed: ${error.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.worker) await closeBullWorker(this.worker, this.redisReady());
    this.worker = undefined;
  }

  /** The idempotency key of a job: its BullMQ id (`outbox-<id>-<created ms>` for outbox jobs). */
  static jobKey(job: Job): string {
    return `${QUEUES.notifications}:${job.id ?? job.name}`;
  }

  async process(job: Job): Promise<ProcessResult> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler for notification job "${job.name}"`);
    return this.transactions.run(async (tx) => {
      const first = await this.processedJobs.claim(tx, NotificationsProcessor.jobKey(job));
      if (!first) return 'duplicate';
      await handler(tx, (job.data ?? {}) as Record<string, unknown>, job);
      return 'processed';
    });
  }
}

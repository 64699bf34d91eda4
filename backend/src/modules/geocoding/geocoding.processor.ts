import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { observeJobs } from '../../observability/metrics';
import { inJobSpan } from '../../observability/tracing';
import { closeBullClient } from '../../queue/close';
import { QUEUES } from '../../queue/queue.constants';
import { bullConnection } from '../../queue/queue.registry';
import { GEOCODE_OFFICE_JOB, GEOCODE_PRACTICE_JOB, GeocodingJobs } from './geocoding.service';

/**
 * Consumes the `geocoding` queue (worker process). A geocoder that did not answer throws, so BullMQ retries with
 * its backoff (DEFAULT_JOB_OPTIONS); meanwhile, and if every attempt fails, the row stays at its commune's centre.
 */
@Injectable()
export class GeocodingProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GeocodingProcessor.name);
  private worker: Worker | undefined;

  constructor(
    private readonly jobs: GeocodingJobs,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(
      QUEUES.geocoding,
      (job) => inJobSpan(QUEUES.geocoding, job, () => this.process(job)),
      {
        connection: bullConnection(this.env),
        prefix: this.env.QUEUE_PREFIX,
        // The public BAN allows 50 requests a second per address: two at a time stays far below.
        concurrency: 2,
      },
    );
    observeJobs(this.worker, QUEUES.geocoding);
    let lastLog = 0;
    this.worker.on('error', (error) => {
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        this.logger.warn(`geocoding worker: ${error.message}`);
      }
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        { jobId: job?.id, jobName: job?.name, attempt: job?.attemptsMade },
        `geocoding job failed: ${error.message}`,
      ),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.worker) await closeBullClient(this.worker, 10_000);
    this.worker = undefined;
  }

  async process(job: Job): Promise<string> {
    if (job.name === GEOCODE_PRACTICE_JOB) return this.jobs.placePractice(String(job.data.userId));
    if (job.name === GEOCODE_OFFICE_JOB) return this.jobs.placeOffice(String(job.data.teamId));
    this.logger.warn(`unknown geocoding job ${job.name}`);
    return 'ignored';
  }
}

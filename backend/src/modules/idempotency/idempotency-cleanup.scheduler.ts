import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { IdempotencyRepository } from './idempotency.repository';

/** Idempotency-Key answers are replayed for this long (clients retry within minutes; a day is generous). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

/** Hourly clean-up (worker process) of expired Idempotency-Key answers. */
@Injectable()
export class IdempotencyCleanupScheduler {
  private readonly logger = new Logger(IdempotencyCleanupScheduler.name);

  constructor(private readonly repository: IdempotencyRepository) {}

  @Cron('0 17 * * * *', { name: 'idempotency-keys-cleanup' })
  async tick(): Promise<void> {
    try {
      await this.purge();
    } catch (error) {
      this.logger.warn(
        `idempotency keys clean-up failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Deletes keys older than the TTL at `now`; returns how many. */
  purge(now = new Date()): Promise<number> {
    return this.repository.purge(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
  }
}

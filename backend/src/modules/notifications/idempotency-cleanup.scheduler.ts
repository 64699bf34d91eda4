import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';

/** Idempotency-Key answers are replayed for this long (clients retry within minutes; a day is generous). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

/** Hourly clean-up (worker process) of expired create-event Idempotency-Key rows. */
@Injectable()
export class IdempotencyCleanupScheduler {
  private readonly logger = new Logger(IdempotencyCleanupScheduler.name);

  constructor(@InjectDb() private readonly db: Database) {}

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
  async purge(now = new Date()): Promise<number> {
    const result = await this.db.execute(
      sql`DELETE FROM idempotency_keys WHERE created_at < ${new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString()}::timestamptz`,
    );
    return result.rowCount ?? 0;
  }
}

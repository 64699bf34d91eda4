import { Injectable } from '@nestjs/common';
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import { outbox } from '../../database/schema';

export interface OutboxMessage {
  queue: string;
  jobName: string;
  payload: Record<string, unknown>;
}

export type OutboxRow = typeof outbox.$inferSelect;

@Injectable()
export class OutboxRepository {
  async insert(db: DbOrTx, message: OutboxMessage): Promise<number> {
    const [row] = await db
      .insert(outbox)
      .values({ queue: message.queue, jobName: message.jobName, payload: message.payload })
      .returning({ id: outbox.id });
    return row.id;
  }

  /** Locks up to `limit` unsent rows; concurrent relays skip each other's rows. Call inside a transaction. */
  claimUnsent(tx: DbOrTx, limit: number): Promise<OutboxRow[]> {
    return tx
      .select()
      .from(outbox)
      .where(isNull(outbox.sentAt))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  async markSent(tx: DbOrTx, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(outbox)
      .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
      .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt)));
  }

  async markFailed(tx: DbOrTx, ids: number[], error: string): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 1_000) })
      .where(inArray(outbox.id, ids));
  }
}

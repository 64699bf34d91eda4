import { Injectable } from '@nestjs/common';
import { and, asc, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import { outbox } from '../../database/schema';

export interface OutboxMessage {
  queue: string;
  jobName: string;
  payload: Record<string, unknown>;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** Outbox rows to write inside another statement (see `OutboxRepository.insertParts`). */
export interface OutboxInsertParts {
  insert: SQL;
  notify: (cte: SQL) => SQL;
}

/**
 * The channel the relay LISTENs on. PostgreSQL delivers a NOTIFY only when its transaction commits (and folds
 * identical ones of one transaction into one), so the relay wakes exactly when there is a committed row to move.
 */
export const OUTBOX_CHANNEL = 'rdv_outbox';

@Injectable()
export class OutboxRepository {
  /** Inserts the row and, in the same statement (no extra round trip), notifies the relay for the commit. */
  async insert(db: DbOrTx, message: OutboxMessage): Promise<number> {
    const result = await db.execute<{ id: string }>(sql`
      WITH inserted AS (
        INSERT INTO ${outbox} (${sql.identifier(outbox.queue.name)}, ${sql.identifier(outbox.jobName.name)}, ${sql.identifier(outbox.payload.name)})
        VALUES (${message.queue}, ${message.jobName}, ${JSON.stringify(message.payload)}::jsonb)
        RETURNING ${sql.identifier(outbox.id.name)}
      )
      SELECT id, pg_notify(${OUTBOX_CHANNEL}, '') FROM inserted`);
    return Number(result.rows[0].id);
  }

  /** Inserts the rows in one statement and notifies the relay once for the commit. */
  async insertAll(db: DbOrTx, messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const rows = messages.map((m) => sql`(${m.queue}, ${m.jobName}, ${JSON.stringify(m.payload)}::jsonb)`);
    await db.execute(sql`
      WITH inserted AS (
        INSERT INTO ${outbox} (${sql.identifier(outbox.queue.name)}, ${sql.identifier(outbox.jobName.name)}, ${sql.identifier(outbox.payload.name)})
        VALUES ${sql.join(rows, sql`, `)}
        RETURNING ${sql.identifier(outbox.id.name)}
      )
      SELECT pg_notify(${OUTBOX_CHANNEL}, '') FROM (SELECT 1 FROM inserted LIMIT 1) AS one`);
  }

  /**
   * The rows as parts of a caller's own statement, so they are written with its change in one round trip:
   * `insert`, the body of a data-modifying CTE inserting them when `when` holds (a condition on the caller's
   * other CTEs), and `notify(cte)`, an expression for the final SELECT that notifies the relay when the CTE
   * named `cte` (the caller's name for `insert`) inserted a row.
   */
  insertParts(messages: OutboxMessage[], when: SQL): OutboxInsertParts {
    const rows = messages.map(
      (m) => sql`(${m.queue}::text, ${m.jobName}::text, ${JSON.stringify(m.payload)}::jsonb)`,
    );
    return {
      insert: sql`
        INSERT INTO ${outbox} (${sql.identifier(outbox.queue.name)}, ${sql.identifier(outbox.jobName.name)}, ${sql.identifier(outbox.payload.name)})
        SELECT queue, job_name, payload FROM (VALUES ${sql.join(rows, sql`, `)}) AS message (queue, job_name, payload)
        WHERE ${when}
        RETURNING ${sql.identifier(outbox.id.name)}`,
      notify: (cte: SQL) =>
        sql`(SELECT pg_notify(${OUTBOX_CHANNEL}, '')::text FROM (SELECT 1 FROM ${cte} LIMIT 1) AS one)`,
    };
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

  /** Rows not yet moved to their queue and the age of the oldest (the relay's lag, for the metrics). */
  async backlog(db: DbOrTx): Promise<{ unsent: number; oldestAgeSeconds: number }> {
    const result = await db.execute<{ unsent: string; age: string | null }>(sql`
      SELECT count(*) AS unsent, extract(epoch FROM now() - min(${outbox.createdAt})) AS age
      FROM ${outbox} WHERE ${outbox.sentAt} IS NULL`);
    const row = result.rows[0];
    return { unsent: Number(row.unsent), oldestAgeSeconds: Math.max(0, Number(row.age ?? 0)) };
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

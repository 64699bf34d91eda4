import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, InjectDb } from '../../database';
import { idempotencyKeys } from '../../database/schema';

/** The answer recorded for an Idempotency-Key, with the hash of the request it answered. */
export interface StoredIdempotentResponse {
  requestHash: string;
  responseStatus: number;
  responseBody: unknown;
}

const storedColumns = {
  requestHash: idempotencyKeys.requestHash,
  responseStatus: idempotencyKeys.responseStatus,
  responseBody: idempotencyKeys.responseBody,
};

@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * Reserves (scope, key) inside `tx`: undefined when reserved, else the answer stored for it. A concurrent
   * transaction holding the same key makes this wait on the primary key until it commits (then its stored
   * answer is returned: the no-op update reads the newest version of the row, which a plain SELECT in the same
   * statement would not see) or rolls back (then this one wins). One statement.
   */
  async claim(
    tx: DbOrTx,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<StoredIdempotentResponse | undefined> {
    const [row] = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { key: sql`${idempotencyKeys}.${sql.identifier(idempotencyKeys.key.name)}` },
      })
      .returning({ ...storedColumns, claimed: sql<boolean>`xmax = 0` });
    if (row.claimed) return undefined;
    return {
      requestHash: row.requestHash,
      responseStatus: row.responseStatus,
      responseBody: row.responseBody,
    };
  }

  async find(scope: string, key: string): Promise<StoredIdempotentResponse | undefined> {
    const [stored] = await this.db
      .select(storedColumns)
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return stored;
  }

  async store(tx: DbOrTx, scope: string, key: string, status: number, body: unknown): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: (body ?? {}) as object }) // the column is NOT NULL: an empty answer is kept as {}
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  }

  /** Deletes the answers stored before `before`; returns how many. */
  async purge(before: Date): Promise<number> {
    const result = await this.db.execute(
      sql`DELETE FROM ${idempotencyKeys} WHERE ${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz`,
    );
    return result.rowCount ?? 0;
  }
}

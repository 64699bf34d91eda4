import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import { passwordResetTokens } from '../../database/schema';
import type { AccountKind } from './access-tokens';

@Injectable()
export class PasswordResetRepository {
  async insert(
    db: DbOrTx,
    values: { kind: AccountKind; accountId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(passwordResetTokens).values({
      accountKind: values.kind,
      accountId: values.accountId,
      tokenHash: values.tokenHash,
      createdAt: values.createdAt,
      expiresAt: values.expiresAt,
    });
  }

  /** Marks an unused, unexpired token used and returns its account id; undefined when there is none (single use). */
  async consume(db: DbOrTx, kind: AccountKind, tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          eq(passwordResetTokens.accountKind, kind),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ accountId: passwordResetTokens.accountId });
    return row?.accountId;
  }

  /** Kills the other outstanding links of an account once its password has been changed. */
  async invalidateAll(db: DbOrTx, kind: AccountKind, accountId: string, now: Date): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.accountKind, kind),
          eq(passwordResetTokens.accountId, accountId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
  }
}

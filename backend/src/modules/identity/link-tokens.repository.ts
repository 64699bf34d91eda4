import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import { passwordResetTokens } from '../../database/schema';
import type { AccountKind } from './access-tokens';

/** What a mailed link is for: a link is accepted only where it was meant for. */
export type LinkPurpose = 'password_reset' | 'registration' | 'email_change';

/**
 * Single-use, expiring links mailed to an account (password reset, sign-up of a professional
 * created by an admin). Only the SHA-256 of each token is stored (see `hashLinkToken`).
 */
@Injectable()
export class LinkTokensRepository {
  async insert(
    db: DbOrTx,
    values: {
      purpose: LinkPurpose;
      kind: AccountKind;
      accountId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    await db.insert(passwordResetTokens).values({
      purpose: values.purpose,
      accountKind: values.kind,
      accountId: values.accountId,
      tokenHash: values.tokenHash,
      createdAt: values.createdAt,
      expiresAt: values.expiresAt,
    });
  }

  /** The account of an unused, unexpired token, without using it; undefined when there is none. */
  async findValid(
    db: DbOrTx,
    purpose: LinkPurpose,
    kind: AccountKind,
    tokenHash: string,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await db
      .select({ accountId: passwordResetTokens.accountId })
      .from(passwordResetTokens)
      .where(this.usable(purpose, kind, tokenHash, now))
      .limit(1);
    return row?.accountId;
  }

  /** Marks an unused, unexpired token used and returns its account id; undefined when there is none (single use). */
  async consume(
    db: DbOrTx,
    purpose: LinkPurpose,
    kind: AccountKind,
    tokenHash: string,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(this.usable(purpose, kind, tokenHash, now))
      .returning({ accountId: passwordResetTokens.accountId });
    return row?.accountId;
  }

  /** Kills the other outstanding links of an account for `purpose` (password changed, new invitation sent). */
  async invalidateAll(
    db: DbOrTx,
    purpose: LinkPurpose,
    kind: AccountKind,
    accountId: string,
    now: Date,
  ): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.purpose, purpose),
          eq(passwordResetTokens.accountKind, kind),
          eq(passwordResetTokens.accountId, accountId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
  }

  private usable(purpose: LinkPurpose, kind: AccountKind, tokenHash: string, now: Date) {
    return and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      eq(passwordResetTokens.purpose, purpose),
      eq(passwordResetTokens.accountKind, kind),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    );
  }
}

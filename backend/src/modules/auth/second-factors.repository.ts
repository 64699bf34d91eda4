import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { recoveryCodes, secondFactors } from '../../database/schema';

export type SecondFactorKind = 'user' | 'admin';
export type SecondFactorRow = typeof secondFactors.$inferSelect;

/** Second factors and recovery codes of professionals and administrators. */
@Injectable()
export class SecondFactorsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Confirmed factors (usable for sign-in), oldest first. */
  confirmed(kind: SecondFactorKind, accountId: string, db: DbOrTx = this.db): Promise<SecondFactorRow[]> {
    return db
      .select()
      .from(secondFactors)
      .where(
        and(
          eq(secondFactors.accountKind, kind),
          eq(secondFactors.accountId, accountId),
          isNotNull(secondFactors.confirmedAt),
        ),
      )
      .orderBy(asc(secondFactors.createdAt));
  }

  async find(kind: SecondFactorKind, accountId: string, id: string): Promise<SecondFactorRow | undefined> {
    const rows = await this.db
      .select()
      .from(secondFactors)
      .where(
        and(
          eq(secondFactors.id, id),
          eq(secondFactors.accountKind, kind),
          eq(secondFactors.accountId, accountId),
        ),
      );
    return rows[0];
  }

  async findPasskey(credentialId: string): Promise<SecondFactorRow | undefined> {
    const rows = await this.db
      .select()
      .from(secondFactors)
      .where(and(eq(secondFactors.credentialId, credentialId), eq(secondFactors.type, 'passkey')));
    return rows[0];
  }

  /** A TOTP being enrolled replaces the account's earlier unconfirmed one. */
  async insertPendingTotp(
    tx: DbOrTx,
    kind: SecondFactorKind,
    accountId: string,
    id: string,
    sealed: { ciphertext: string; keyId: string },
  ): Promise<void> {
    await tx
      .delete(secondFactors)
      .where(
        and(
          eq(secondFactors.accountKind, kind),
          eq(secondFactors.accountId, accountId),
          eq(secondFactors.type, 'totp'),
          isNull(secondFactors.confirmedAt),
        ),
      );
    await tx.insert(secondFactors).values({
      id,
      accountKind: kind,
      accountId,
      type: 'totp',
      label: 'Application d’authentification',
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
    });
  }

  async confirmTotp(tx: DbOrTx, id: string, label: string, timeStep: number, now: Date): Promise<void> {
    await tx
      .update(secondFactors)
      .set({ confirmedAt: now, label, lastTimeStep: timeStep, lastUsedAt: now })
      .where(eq(secondFactors.id, id));
  }

  /**
   * Records a TOTP code's time step as used; false when that step (or a later one) was already used, so a
   * code seen over a shoulder cannot be replayed within its 30 seconds.
   */
  async useTotpStep(id: string, timeStep: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(secondFactors)
      .set({ lastTimeStep: timeStep, lastUsedAt: now })
      .where(
        and(
          eq(secondFactors.id, id),
          sql`(${secondFactors.lastTimeStep} IS NULL OR ${secondFactors.lastTimeStep} < ${timeStep})`,
        ),
      )
      .returning({ id: secondFactors.id });
    return rows.length === 1;
  }

  async insertPasskey(
    tx: DbOrTx,
    kind: SecondFactorKind,
    accountId: string,
    passkey: {
      credentialId: string;
      publicKey: string;
      signCount: number;
      transports: string[];
      label: string;
    },
    now: Date,
  ): Promise<string> {
    const rows = await tx
      .insert(secondFactors)
      .values({ accountKind: kind, accountId, type: 'passkey', confirmedAt: now, ...passkey })
      .returning({ id: secondFactors.id });
    return rows[0]!.id;
  }

  async usePasskey(id: string, signCount: number, now: Date): Promise<void> {
    await this.db.update(secondFactors).set({ signCount, lastUsedAt: now }).where(eq(secondFactors.id, id));
  }

  async delete(tx: DbOrTx, kind: SecondFactorKind, accountId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(secondFactors)
      .where(
        and(
          eq(secondFactors.id, id),
          eq(secondFactors.accountKind, kind),
          eq(secondFactors.accountId, accountId),
        ),
      )
      .returning({ id: secondFactors.id });
    return rows.length === 1;
  }

  /** Replaces every recovery code of the account (used or not) with these. */
  async replaceRecoveryCodes(
    tx: DbOrTx,
    kind: SecondFactorKind,
    accountId: string,
    hashes: string[],
  ): Promise<void> {
    await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.accountKind, kind), eq(recoveryCodes.accountId, accountId)));
    await tx
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ accountKind: kind, accountId, codeHash })));
  }

  async deleteRecoveryCodes(tx: DbOrTx, kind: SecondFactorKind, accountId: string): Promise<void> {
    await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.accountKind, kind), eq(recoveryCodes.accountId, accountId)));
  }

  async unusedRecoveryCodes(
    kind: SecondFactorKind,
    accountId: string,
    db: DbOrTx = this.db,
  ): Promise<number> {
    const rows = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.accountKind, kind),
          eq(recoveryCodes.accountId, accountId),
          isNull(recoveryCodes.usedAt),
        ),
      );
    return Number(rows[0]?.n ?? 0);
  }

  /** Marks the code used, once: a second use of the same code finds nothing. */
  async useRecoveryCode(
    kind: SecondFactorKind,
    accountId: string,
    hash: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.accountKind, kind),
          eq(recoveryCodes.accountId, accountId),
          eq(recoveryCodes.codeHash, hash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length === 1;
  }
}

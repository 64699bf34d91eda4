import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, lt, sql, SQL } from 'drizzle-orm';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { phoneVerifications } from '../../database/schema';

export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;
export type NewPhoneVerificationRow = typeof phoneVerifications.$inferInsert;
/** A send refused by a cap, and when that cap frees up. */
export interface SendRefused {
  refused: SendCap['name'];
  retryAt: Date;
}

/** One cap on recent sends: at most `max` in (now - windowMs, now] for the same number, account or IP. */
export interface SendCap {
  name: 'phone-cap' | 'phone-daily-cap' | 'account-cap' | 'ip-cap';
  per: 'phone' | 'account' | 'ip';
  max: number;
  windowMs: number;
}

@Injectable()
export class PhoneVerificationRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Checks the recent sends against every cap (in the order given) and, when all are under their
   * cap, records the new send, all under transaction-scoped advisory locks on the number, the
   * account and the IP so that parallel requests cannot all pass the check. Locks are always taken
   * in that order. When a cap is reached, the answer says which one and when it frees up: when the
   * max-th most recent send of its window leaves it.
   */
  async reserveSend(
    values: NewPhoneVerificationRow & { createdAt: Date },
    caps: SendCap[],
  ): Promise<PhoneVerificationRow | SendRefused> {
    return this.transactions.run(async (tx) => {
      const account = `${values.accountKind}:${values.accountId}`;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-phone:${values.phone}`}))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-account:${account}`}))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-ip:${values.requesterIp}`}))`);
      const now = values.createdAt.getTime();
      const sameSubject: Record<SendCap['per'], SQL> = {
        phone: eq(phoneVerifications.phone, values.phone),
        account: and(
          eq(phoneVerifications.accountKind, values.accountKind),
          eq(phoneVerifications.accountId, values.accountId),
        )!,
        ip: eq(phoneVerifications.requesterIp, values.requesterIp),
      };
      for (const cap of caps) {
        const [oldestCounted] = await tx
          .select({ createdAt: phoneVerifications.createdAt })
          .from(phoneVerifications)
          .where(and(sameSubject[cap.per], gt(phoneVerifications.createdAt, new Date(now - cap.windowMs))))
          .orderBy(desc(phoneVerifications.createdAt))
          .offset(cap.max - 1)
          .limit(1);
        if (oldestCounted)
          return { refused: cap.name, retryAt: new Date(oldestCounted.createdAt.getTime() + cap.windowMs) };
      }
      const [row] = await tx.insert(phoneVerifications).values(values).returning();
      return row;
    });
  }

  async setCodeHash(id: string, codeHash: string | null): Promise<void> {
    await this.db.update(phoneVerifications).set({ codeHash }).where(eq(phoneVerifications.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(phoneVerifications).where(eq(phoneVerifications.id, id));
  }

  /** The account's most recent code not yet verified (expired or not). */
  async latestUnverified(kind: string, accountId: string): Promise<PhoneVerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.accountKind, kind),
          eq(phoneVerifications.accountId, accountId),
          isNull(phoneVerifications.verifiedAt),
        ),
      )
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(1);
    return row;
  }

  /** Counts one try, atomically, while fewer than `maxTries` were made; the new count, or undefined when exhausted. */
  async countTry(id: string, maxTries: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(
        and(
          eq(phoneVerifications.id, id),
          lt(phoneVerifications.attempts, maxTries),
          isNull(phoneVerifications.verifiedAt),
        ),
      )
      .returning({ attempts: phoneVerifications.attempts });
    return row?.attempts;
  }

  async markVerified(id: string, at: Date): Promise<void> {
    await this.db.update(phoneVerifications).set({ verifiedAt: at }).where(eq(phoneVerifications.id, id));
  }
}

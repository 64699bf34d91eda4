import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { phoneVerifications } from '../../database/schema';

export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;
export type NewPhoneVerificationRow = typeof phoneVerifications.$inferInsert;

@Injectable()
export class PhoneVerificationRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewPhoneVerificationRow): Promise<PhoneVerificationRow> {
    const [row] = await this.db.insert(phoneVerifications).values(values).returning();
    return row;
  }

  async setCodeHash(id: string, codeHash: string | null): Promise<void> {
    await this.db.update(phoneVerifications).set({ codeHash }).where(eq(phoneVerifications.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(phoneVerifications).where(eq(phoneVerifications.id, id));
  }

  async countForPhoneSince(phone: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.phone, phone), gte(phoneVerifications.createdAt, since)));
    return row.total;
  }

  async countForIpSince(ip: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.requesterIp, ip), gte(phoneVerifications.createdAt, since)));
    return row.total;
  }

  /** The account's most recent code not yet verified (expired or not). */
  async latestUnverified(kind: string, accountId: string): Promise<PhoneVerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.accountKind, kind), eq(phoneVerifications.accountId, accountId), isNull(phoneVerifications.verifiedAt)))
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(1);
    return row;
  }

  /** Counts one try, atomically, while fewer than `maxTries` were made; the new count, or undefined when exhausted. */
  async countTry(id: string, maxTries: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(and(eq(phoneVerifications.id, id), lt(phoneVerifications.attempts, maxTries), isNull(phoneVerifications.verifiedAt)))
      .returning({ attempts: phoneVerifications.attempts });
    return row?.attempts;
  }

  async markVerified(id: string, at: Date): Promise<void> {
    await this.db.update(phoneVerifications).set({ verifiedAt: at }).where(eq(phoneVerifications.id, id));
  }
}

import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';

export type ReferralRow = {
  email: string;
  first_name: string | null;
  last_name: string | null;
  invited_at: Date | string | null;
  signed_up: boolean;
  signed_up_at: Date | string | null;
  subscribed_at: Date | string | null;
};

export type SponsorRow = {
  referral_code: string | null;
  first_name: string;
  last_name: string;
};

export type BankDetailsRow = {
  ciphertext: string;
  key_id: string;
  masked_iban: string;
  updated_at: Date | string;
};

@Injectable()
export class SponsorshipRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async sponsor(userId: string, db: DbOrTx = this.db): Promise<SponsorRow | undefined> {
    const { rows } = await db.execute<SponsorRow>(
      sql`SELECT referral_code, first_name, last_name FROM users WHERE id = ${userId}`,
    );
    return rows[0];
  }

  /** Gives the professional `code` unless they have one; answers the code they end up with. */
  async setCodeIfMissing(userId: string, code: string): Promise<string | undefined> {
    const { rows } = await this.db.execute<{ referral_code: string }>(sql`
      UPDATE users SET referral_code = COALESCE(referral_code, ${code}) WHERE id = ${userId}
      RETURNING referral_code`);
    return rows[0]?.referral_code;
  }

  /**
   * The sponsor's referrals: colleagues invited by email and professionals who came by the referral link,
   * one row per address, with how far each got (account made, subscription).
   */
  async referrals(sponsorId: string): Promise<ReferralRow[]> {
    const { rows } = await this.db.execute<ReferralRow>(sql`
      SELECT COALESCE(u.email, i.email) AS email, u.first_name, u.last_name, i.invited_at,
             COALESCE(u.password_hash IS NOT NULL, false) AS signed_up,
             u.cgu_accepted_at AS signed_up_at, u.subscribed_at
      FROM (SELECT email, invited_at FROM referral_invitations WHERE sponsor_id = ${sponsorId}) i
      FULL OUTER JOIN (SELECT id, email FROM users WHERE referred_by = ${sponsorId}) r ON r.email = i.email
      LEFT JOIN users u ON u.email = COALESCE(r.email, i.email)
      ORDER BY COALESCE(i.invited_at, u.created_at) DESC`);
    return rows;
  }

  /** false when this sponsor already invited the address. */
  async invite(sponsorId: string, email: string, db: DbOrTx = this.db): Promise<boolean> {
    const { rows } = await db.execute(sql`
      INSERT INTO referral_invitations (sponsor_id, email) VALUES (${sponsorId}, ${email})
      ON CONFLICT (sponsor_id, email) DO NOTHING RETURNING id`);
    return rows.length === 1;
  }

  async invitationsSince(sponsorId: string, since: Date): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM referral_invitations
      WHERE sponsor_id = ${sponsorId} AND invited_at >= ${since.toISOString()}`);
    return rows[0]?.n ?? 0;
  }

  async isProfessional(email: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM users WHERE email = ${email} LIMIT 1`);
    return rows.length > 0;
  }

  /** On acceptance of a registration request that came by a referral link: who brought the new professional. */
  async linkReferral(db: DbOrTx, userId: string, code: string): Promise<void> {
    await db.execute(sql`
      UPDATE users SET referred_by = s.id
      FROM users s WHERE s.referral_code = ${code.trim().toUpperCase()} AND s.id <> ${userId}
        AND users.id = ${userId} AND users.referred_by IS NULL`);
  }

  async bankDetails(userId: string): Promise<BankDetailsRow | undefined> {
    const { rows } = await this.db.execute<BankDetailsRow>(sql`
      SELECT ciphertext, key_id, masked_iban, updated_at FROM sponsor_bank_details WHERE user_id = ${userId}`);
    return rows[0];
  }

  async saveBankDetails(userId: string, sealed: { ciphertext: string; keyId: string }, maskedIban: string) {
    await this.db.execute(sql`
      INSERT INTO sponsor_bank_details (user_id, ciphertext, key_id, masked_iban, updated_at)
      VALUES (${userId}, ${sealed.ciphertext}, ${sealed.keyId}, ${maskedIban}, now())
      ON CONFLICT (user_id) DO UPDATE SET ciphertext = excluded.ciphertext, key_id = excluded.key_id,
        masked_iban = excluded.masked_iban, updated_at = now()`);
  }

  async deleteBankDetails(userId: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM sponsor_bank_details WHERE user_id = ${userId}`);
  }
}

import { Injectable } from '@nestjs/common';
import { desc, eq, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { attendees, feeAgreements, motiveAgreementVersions, motives, users } from '../../database/schema';

export type AgreementRow = typeof feeAgreements.$inferSelect;
export type VersionRow = typeof motiveAgreementVersions.$inferSelect;

/** What an agreement needs of a motive: paid or not, its price, its current terms. */
export interface MotiveAgreement {
  motiveId: string;
  title: string;
  paymentRule: 'free' | 'at_booking';
  priceCents: number | null;
  acceptsLegalAid: boolean;
  version: VersionRow | undefined;
}

/**
 * The current terms of motive `motive` (an SQL alias of motives), as a LATERAL subquery to join: what `motive`
 * reads, for a caller reading it with other things in one statement; `motiveAgreementOf` makes the result.
 */
export const latestVersionSql = (motive: string): string => `
  SELECT mv.id AS v_id, mv.user_id AS v_user_id, mv.terms AS v_terms, mv.hash AS v_hash, mv.created_at AS v_created_at
  FROM motive_agreement_versions mv WHERE mv.motive_id = ${motive}.id
  ORDER BY mv.created_at DESC, mv.id DESC LIMIT 1`;

/** A motive row (id, title, payment_rule, price_cents, accepts_legal_aid) joined with `latestVersionSql`. */
export function motiveAgreementOf(row: {
  id: string;
  title: string;
  payment_rule: MotiveAgreement['paymentRule'];
  price_cents: number | string | null;
  accepts_legal_aid: boolean;
  v_id: string | null;
  v_user_id: string | null;
  v_terms: string | null;
  v_hash: string | null;
  v_created_at: Date | string | null;
}): MotiveAgreement {
  return {
    motiveId: row.id,
    title: row.title,
    paymentRule: row.payment_rule,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    acceptsLegalAid: row.accepts_legal_aid,
    version: row.v_id
      ? ({
          id: row.v_id,
          motiveId: row.id,
          userId: row.v_user_id,
          terms: row.v_terms,
          hash: row.v_hash,
          createdAt: new Date(row.v_created_at!),
        } as VersionRow)
      : undefined,
  };
}

/** Versions of the motives' terms and the evidence of accepted agreements. */
@Injectable()
export class FeeAgreementsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The motive and its current terms, in one statement (read at every booking). */
  async motive(userId: string, motiveId: string, db: DbOrTx = this.db): Promise<MotiveAgreement | undefined> {
    const { rows } = await db.execute<Parameters<typeof motiveAgreementOf>[0]>(sql`
      SELECT m.id, m.title, m.payment_rule, m.price_cents, m.accepts_legal_aid, v.*
      FROM ${motives} m
      LEFT JOIN LATERAL (${sql.raw(latestVersionSql('m'))}) v ON true
      WHERE m.id = ${motiveId} AND m.user_id = ${userId}`);
    return rows[0] ? motiveAgreementOf(rows[0]) : undefined;
  }

  async currentVersion(motiveId: string, db: DbOrTx = this.db): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(motiveAgreementVersions)
      .where(eq(motiveAgreementVersions.motiveId, motiveId))
      .orderBy(desc(motiveAgreementVersions.createdAt), desc(motiveAgreementVersions.id))
      .limit(1);
    return row;
  }

  async insertVersion(
    tx: DbOrTx,
    values: { motiveId: string; userId: string; terms: string | null; hash: string | null },
  ): Promise<VersionRow> {
    const [row] = await tx.insert(motiveAgreementVersions).values(values).returning();
    return row;
  }

  async names(userId: string, attendeeId: string) {
    const [pro] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const [client] = await this.db
      .select({ firstName: attendees.firstName, lastName: attendees.lastName, email: attendees.email })
      .from(attendees)
      .where(eq(attendees.id, attendeeId));
    return { pro, client };
  }

  async insertAgreement(tx: DbOrTx, values: typeof feeAgreements.$inferInsert): Promise<void> {
    await tx.insert(feeAgreements).values(values);
  }

  async byAppointment(appointmentId: string, db: DbOrTx = this.db): Promise<AgreementRow | undefined> {
    const [row] = await db.select().from(feeAgreements).where(eq(feeAgreements.appointmentId, appointmentId));
    return row;
  }
}

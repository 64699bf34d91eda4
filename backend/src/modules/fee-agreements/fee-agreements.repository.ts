import { Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
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

/** Versions of the motives' terms and the evidence of accepted agreements. */
@Injectable()
export class FeeAgreementsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async motive(userId: string, motiveId: string, db: DbOrTx = this.db): Promise<MotiveAgreement | undefined> {
    const [motive] = await db
      .select({
        motiveId: motives.id,
        title: motives.title,
        paymentRule: motives.paymentRule,
        priceCents: motives.priceCents,
        acceptsLegalAid: motives.acceptsLegalAid,
      })
      .from(motives)
      .where(and(eq(motives.id, motiveId), eq(motives.userId, userId)));
    if (!motive) return undefined;
    return { ...motive, version: await this.currentVersion(motiveId, db) };
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

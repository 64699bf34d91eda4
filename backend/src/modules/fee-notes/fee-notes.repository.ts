import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointments,
  attendees,
  cities,
  feeNoteCounters,
  feeNoteDeliveries,
  feeNotes,
  feeNoteSettings,
  teams,
  users,
} from '../../database/schema';

export type FeeNoteRow = typeof feeNotes.$inferSelect;
export type NewFeeNoteRow = typeof feeNotes.$inferInsert;
export type FeeNoteSettingsRow = typeof feeNoteSettings.$inferSelect;

/** Columns of a note without its PDF (lists). */
const summary = {
  id: feeNotes.id,
  userId: feeNotes.userId,
  appointmentId: feeNotes.appointmentId,
  kind: feeNotes.kind,
  number: feeNotes.number,
  creditedFeeNoteId: feeNotes.creditedFeeNoteId,
  issuedOn: feeNotes.issuedOn,
  totalHt: feeNotes.totalHt,
  vatRate: feeNotes.vatRate,
  totalVat: feeNotes.totalVat,
  totalTtc: feeNotes.totalTtc,
  facturX: sql<boolean>`${feeNotes.facturxXml} IS NOT NULL`,
  createdAt: feeNotes.createdAt,
};

/**
 * Fee notes and credit notes: insert and read only (the table's trigger refuses any UPDATE or DELETE), the
 * per-professional counters, the VAT settings and the delivery state.
 */
@Injectable()
export class FeeNotesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * The next number of the professional's year, the counter row locked FOR UPDATE until the caller's
   * transaction ends: concurrent captures are numbered one after the other, a rollback gives the number back.
   */
  async takeNumber(tx: DbOrTx, userId: string, year: number): Promise<number> {
    await tx.insert(feeNoteCounters).values({ userId, year }).onConflictDoNothing();
    const [row] = await tx
      .select({ next: feeNoteCounters.nextNumber })
      .from(feeNoteCounters)
      .where(and(eq(feeNoteCounters.userId, userId), eq(feeNoteCounters.year, year)))
      .for('update');
    await tx
      .update(feeNoteCounters)
      .set({ nextNumber: row.next + 1 })
      .where(and(eq(feeNoteCounters.userId, userId), eq(feeNoteCounters.year, year)));
    return row.next;
  }

  async insert(tx: DbOrTx, row: NewFeeNoteRow): Promise<FeeNoteRow> {
    const [saved] = await tx.insert(feeNotes).values(row).returning();
    await tx.insert(feeNoteDeliveries).values({ feeNoteId: saved.id });
    return saved;
  }

  async feeNoteOf(tx: DbOrTx, appointmentId: string): Promise<FeeNoteRow | undefined> {
    const [row] = await tx
      .select()
      .from(feeNotes)
      .where(and(eq(feeNotes.appointmentId, appointmentId), eq(feeNotes.kind, 'fee_note')));
    return row;
  }

  async byId(id: string, db: DbOrTx = this.db): Promise<FeeNoteRow | undefined> {
    const [row] = await db.select().from(feeNotes).where(eq(feeNotes.id, id));
    return row;
  }

  listForUser(userId: string, limit: number) {
    return this.db
      .select({
        ...summary,
        creditedNumber: sql<
          string | null
        >`(SELECT f.number FROM fee_notes f WHERE f.id = fee_notes.credited_fee_note_id)`,
      })
      .from(feeNotes)
      .where(eq(feeNotes.userId, userId))
      .orderBy(desc(feeNotes.createdAt), desc(feeNotes.sequence))
      .limit(limit);
  }

  /** The console's list: every professional's notes, newest first, with the professional's name. */
  listAll(limit: number, offset: number, userId?: string) {
    return this.db
      .select({ ...summary, firstName: users.firstName, lastName: users.lastName })
      .from(feeNotes)
      .innerJoin(users, eq(users.id, feeNotes.userId))
      .where(userId ? eq(feeNotes.userId, userId) : undefined)
      .orderBy(desc(feeNotes.createdAt))
      .limit(limit)
      .offset(offset);
  }

  async countAll(userId?: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feeNotes)
      .where(userId ? eq(feeNotes.userId, userId) : undefined);
    return row.n;
  }

  async settings(userId: string, db: DbOrTx = this.db): Promise<FeeNoteSettingsRow | undefined> {
    const [row] = await db.select().from(feeNoteSettings).where(eq(feeNoteSettings.userId, userId));
    return row;
  }

  async saveSettings(
    userId: string,
    values: Pick<FeeNoteSettingsRow, 'vatRegime' | 'vatNumber' | 'vatRate' | 'siret'>,
  ): Promise<FeeNoteSettingsRow> {
    const [row] = await this.db
      .insert(feeNoteSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: feeNoteSettings.userId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return row;
  }

  /** What a note prints of the appointment: the professional, their office, the client and the service. */
  async issuingFacts(tx: DbOrTx, appointmentId: string) {
    const [row] = await tx
      .select({
        userId: appointments.userId,
        attendeeId: appointments.attendeeId,
        title: appointments.title,
        startsAt: appointments.startsAt,
        proFirstName: users.firstName,
        proLastName: users.lastName,
        proEmail: users.email,
        bar: users.bar,
        street: sql<string | null>`coalesce(${users.street}, ${teams.street})`,
        postalCode: sql<string | null>`coalesce(${users.postalCode}, ${teams.postalCode})`,
        city: cities.name,
        officeRegistration: teams.extId,
        clientFirstName: attendees.firstName,
        clientLastName: attendees.lastName,
        clientEmail: attendees.email,
        companyName: attendees.companyName,
        companySiret: attendees.companySiret,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .leftJoin(teams, eq(teams.id, users.teamId))
      .leftJoin(cities, eq(cities.id, users.cityId))
      .leftJoin(attendees, eq(attendees.id, appointments.attendeeId))
      .where(eq(appointments.id, appointmentId));
    return row;
  }

  async delivery(tx: DbOrTx, feeNoteId: string) {
    const [row] = await tx
      .select()
      .from(feeNoteDeliveries)
      .where(eq(feeNoteDeliveries.feeNoteId, feeNoteId))
      .for('update');
    return row;
  }

  async markFiled(tx: DbOrTx, feeNoteId: string, folderDocumentId: string): Promise<void> {
    await tx
      .update(feeNoteDeliveries)
      .set({ folderDocumentId })
      .where(eq(feeNoteDeliveries.feeNoteId, feeNoteId));
  }

  async markMailed(tx: DbOrTx, feeNoteId: string): Promise<void> {
    await tx
      .update(feeNoteDeliveries)
      .set({ mailedAt: sql`now()` })
      .where(eq(feeNoteDeliveries.feeNoteId, feeNoteId));
  }
}

import { Injectable } from '@nestjs/common';
import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointmentDetails,
  appointmentPayments,
  appointments,
  attendees,
  motives,
  users,
} from '../../database/schema';

export type PaymentRow = typeof appointmentPayments.$inferSelect;
export type NewPaymentRow = typeof appointmentPayments.$inferInsert;

/** What a motive says about paying, as the booking reads it. */
export interface MotiveTerms {
  title: string;
  priceCents: number | null;
  paymentRule: 'free' | 'at_booking';
  cancellationDeadlineHours: number;
  lateCancellationRefund: 'none' | 'half' | 'all';
  acceptsLegalAid: boolean;
}

/** The payment rows of appointments and the few appointment facts their settlement reads or writes. */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async motiveTerms(userId: string, motiveId: string): Promise<MotiveTerms | undefined> {
    const [row] = await this.db
      .select({
        title: motives.title,
        priceCents: motives.priceCents,
        paymentRule: motives.paymentRule,
        cancellationDeadlineHours: motives.cancellationDeadlineHours,
        lateCancellationRefund: motives.lateCancellationRefund,
        acceptsLegalAid: motives.acceptsLegalAid,
      })
      .from(motives)
      .where(and(eq(motives.id, motiveId), eq(motives.userId, userId)));
    return row;
  }

  async insert(tx: DbOrTx, row: NewPaymentRow): Promise<void> {
    await tx.insert(appointmentPayments).values(row);
  }

  /** The professional and appointment of a Checkout session (no lock: to take the agenda lock first). */
  async bySession(sessionId: string, db: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(appointmentPayments)
      .where(eq(appointmentPayments.checkoutSessionId, sessionId));
    return row;
  }

  async byAppointment(appointmentId: string, db: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(appointmentPayments)
      .where(eq(appointmentPayments.appointmentId, appointmentId));
    return row;
  }

  /** The payment row locked FOR UPDATE: one transition at a time (the redirect, the webhook, the jobs). */
  async lock(tx: DbOrTx, appointmentId: string): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(appointmentPayments)
      .where(eq(appointmentPayments.appointmentId, appointmentId))
      .for('update');
    return row;
  }

  async update(tx: DbOrTx, appointmentId: string, patch: Partial<NewPaymentRow>): Promise<void> {
    await tx
      .update(appointmentPayments)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(appointmentPayments.appointmentId, appointmentId));
  }

  async appointmentState(
    tx: DbOrTx,
    appointmentId: string,
  ): Promise<{ status: string; startsAt: Date } | undefined> {
    const [row] = await tx
      .select({ status: appointments.status, startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    return row;
  }

  /**
   * Paid requests the professional never answered while the card stays authorised: the meeting's hour came, or
   * (unless the card was saved to charge later) the authorisation is about to lapse.
   */
  async unansweredAuthorised(now: Date, authorisedBefore: Date, limit = 100): Promise<string[]> {
    const rows = await this.db
      .select({ id: appointmentPayments.appointmentId })
      .from(appointmentPayments)
      .innerJoin(appointments, eq(appointments.id, appointmentPayments.appointmentId))
      .where(
        and(
          eq(appointmentPayments.status, 'authorized'),
          eq(appointments.status, 'pending'),
          or(
            lte(appointments.startsAt, now),
            and(
              lte(appointmentPayments.authorizedAt, authorisedBefore),
              eq(appointmentPayments.chargeAtValidation, false),
            ),
          ),
        ),
      )
      .orderBy(appointments.startsAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Refuses a request still pending, with the reason the client reads; false when it was answered meanwhile. */
  async refusePending(tx: DbOrTx, appointmentId: string, reason: string): Promise<boolean> {
    const updated = await tx
      .update(appointments)
      .set({ status: 'refused', updatedAt: sql`now()` })
      .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'pending')))
      .returning({ id: appointments.id });
    if (updated.length === 0) return false;
    await tx
      .insert(appointmentDetails)
      .values({ appointmentId, refusalReason: reason })
      .onConflictDoUpdate({ target: appointmentDetails.appointmentId, set: { refusalReason: reason } });
    return true;
  }

  /** The hold ran out: the appointment is cancelled (no one's doing), which frees its slot at once. */
  async releaseAppointment(tx: DbOrTx, appointmentId: string, reason: string): Promise<void> {
    await tx
      .update(appointments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'pending')));
    await tx
      .insert(appointmentDetails)
      .values({ appointmentId, cancellationReason: reason, cancelledAt: new Date() })
      .onConflictDoUpdate({
        target: appointmentDetails.appointmentId,
        set: { cancellationReason: reason, cancelledAt: new Date() },
      });
  }

  /**
   * The saved card was refused at validation: the meeting is not confirmed after all (cancelled, its slot
   * offered again), with the reason both sides read.
   */
  async cancelUnpaid(tx: DbOrTx, appointmentId: string, reason: string): Promise<boolean> {
    const updated = await tx
      .update(appointments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(
        and(
          eq(appointments.id, appointmentId),
          or(eq(appointments.status, 'confirmed'), eq(appointments.status, 'pending')),
        ),
      )
      .returning({ id: appointments.id });
    if (updated.length === 0) return false;
    await tx
      .insert(appointmentDetails)
      .values({ appointmentId, cancellationReason: reason, cancelledAt: new Date() })
      .onConflictDoUpdate({
        target: appointmentDetails.appointmentId,
        set: { cancellationReason: reason, cancelledAt: new Date() },
      });
    return true;
  }

  /** Who is told of a refused card, and about which meeting. */
  async declinedFacts(db: DbOrTx, appointmentId: string) {
    const [row] = await db
      .select({
        refAppointment: appointments.refAppointment,
        title: appointments.title,
        startsAt: appointments.startsAt,
        amountCents: appointmentPayments.amountCents,
        clientEmail: attendees.email,
        clientFirstName: attendees.firstName,
        clientLastName: attendees.lastName,
        proEmail: users.email,
        proFirstName: users.firstName,
        proLastName: users.lastName,
      })
      .from(appointmentPayments)
      .innerJoin(appointments, eq(appointments.id, appointmentPayments.appointmentId))
      .innerJoin(users, eq(users.id, appointments.userId))
      .leftJoin(attendees, eq(attendees.id, appointments.attendeeId))
      .where(eq(appointmentPayments.appointmentId, appointmentId));
    return row;
  }

  /** "Mes paiements": the professional's payments, newest first, with the appointment they pay for. */
  listForUser(userId: string, limit: number) {
    return this.db
      .select({
        appointmentId: appointmentPayments.appointmentId,
        refAppointment: appointments.refAppointment,
        title: appointments.title,
        clientFirstName: attendees.firstName,
        clientLastName: attendees.lastName,
        startsAt: appointments.startsAt,
        status: appointmentPayments.status,
        amountCents: appointmentPayments.amountCents,
        refundedCents: appointmentPayments.refundedCents,
        legalAid: appointmentPayments.legalAid,
        capturedAt: appointmentPayments.capturedAt,
        refundedAt: appointmentPayments.refundedAt,
        createdAt: appointmentPayments.createdAt,
      })
      .from(appointmentPayments)
      .innerJoin(appointments, eq(appointments.id, appointmentPayments.appointmentId))
      .leftJoin(attendees, eq(attendees.id, appointments.attendeeId))
      .where(eq(appointmentPayments.userId, userId))
      .orderBy(desc(appointmentPayments.createdAt))
      .limit(limit);
  }
}

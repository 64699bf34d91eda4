import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import { type AppointmentMode, type AppointmentStatus, lockAgenda } from '../appointments';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointmentDetails,
  appointmentRescheduleRequests,
  appointments,
  attendees,
  availabilityRequests,
  eventResponses,
} from '../../database/schema';

type Row = Record<string, unknown>;

/** The professional's booking switches and contact, read at booking time. */
export interface ProfessionalBookingRow {
  id: string;
  /** Active and sign-up finished (users.is_public): only then can they be booked. */
  isPublic: boolean;
  acceptsOnlineBooking: boolean;
  timezone: string;
  street: string | null;
  postalCode: string | null;
  cityName: string | null;
}

export interface NewAppointment {
  refAppointment: string;
  userId: string;
  calendarId: string;
  motiveId: string | null;
  attendeeId: string;
  mode: AppointmentMode;
  status: 'pending' | 'confirmed';
  startsAt: Date;
  endsAt: Date;
  title: string | null;
  location: string | null;
  timezone: string;
  notes: string | null;
  createdBy: 'attendee' | 'user';
  visioUrl: string | null;
  /** The client as the professional typed them (appointments entered by hand). */
  contact?: {
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    phoneCountryCode: string | null;
  };
}

@Injectable()
export class BookingRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  // ---- agenda lock -----------------------------------------------------------------------------------------

  /**
   * Serialises, until `tx` ends, every transaction that writes appointments of professional `userId`.
   * Without it, two transactions inserting overlapping appointments could each find the other's index entry
   * while checking the exclusion constraint and wait for each other: PostgreSQL then reports a deadlock after
   * `deadlock_timeout`. Taken first in every such transaction (before any row lock), so
   * the lock order is always agenda -> appointment rows. The exclusion constraint stays the guarantee.
   * A waiter gives up after `lock_timeout` (SQLSTATE 55P03) instead of holding a pool connection.
   */
  lockAgenda(tx: DbOrTx, userId: string): Promise<void> {
    return lockAgenda(tx, userId);
  }

  /** The professional an appointment belongs to (no lock), to take their agenda lock first. */
  async ownerOf(id: string, db: DbOrTx = this.db): Promise<string | undefined> {
    const result = await db.execute(sql`SELECT user_id FROM appointments WHERE id = ${id}`);
    return (result.rows[0] as { user_id: string } | undefined)?.user_id;
  }

  // ---- reads -----------------------------------------------------------------------------------------------

  async professional(userId: string): Promise<ProfessionalBookingRow | undefined> {
    const result = await this.db.execute(sql`
      SELECT u.id, u.is_public, u.accepts_online_booking, u.timezone,
             -- the professional's own practice address when they gave one, else their office's
             CASE WHEN u.street IS NOT NULL THEN u.street ELSE t.street END AS street,
             CASE WHEN u.street IS NOT NULL THEN u.postal_code ELSE t.postal_code END AS postal_code,
             c.name AS city_name
      FROM users u LEFT JOIN teams t ON t.id = u.team_id
      LEFT JOIN cities c ON c.id = CASE WHEN u.street IS NOT NULL THEN u.city_id ELSE coalesce(t.city_id, u.city_id) END
      WHERE u.id = ${userId}`);
    const row = result.rows[0] as Row | undefined;
    if (!row) return undefined;
    return {
      id: String(row.id),
      isPublic: Boolean(row.is_public),
      acceptsOnlineBooking: Boolean(row.accepts_online_booking),
      timezone: String(row.timezone),
      street: (row.street as string | null) ?? null,
      postalCode: (row.postal_code as string | null) ?? null,
      cityName: (row.city_name as string | null) ?? null,
    };
  }

  async attendee(
    attendeeId: string,
  ): Promise<{ id: string; email: string; phoneVerifiedAt: Date | null } | undefined> {
    const [row] = await this.db
      .select({ id: attendees.id, email: attendees.email, phoneVerifiedAt: attendees.phoneVerifiedAt })
      .from(attendees)
      .where(eq(attendees.id, attendeeId));
    return row;
  }

  /**
   * A holding appointment or a pending reschedule proposal of this professional overlapping [start, end),
   * other than appointment `exceptId`'s own (its current slot and proposal). Read under the agenda lock, this
   * is what keeps a proposal and an appointment apart (the exclusion constraints each cover one table).
   */
  async hasHoldingOverlap(
    userId: string,
    start: Date,
    end: Date,
    db: DbOrTx = this.db,
    exceptId?: string,
  ): Promise<boolean> {
    const range = sql`tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;
    const except = exceptId ?? '00000000-0000-0000-0000-000000000000';
    const result = await db.execute(sql`
      SELECT 1 FROM appointments
      WHERE user_id = ${userId} AND status IN ('pending', 'confirmed') AND id <> ${except}
        AND tstzrange(starts_at, ends_at, '[)') && ${range}
      UNION ALL
      SELECT 1 FROM appointment_reschedule_requests r JOIN appointments a ON a.id = r.appointment_id
      WHERE r.user_id = ${userId} AND a.status IN ('pending', 'confirmed') AND r.appointment_id <> ${except}
        AND tstzrange(r.starts_at, r.ends_at, '[)') && ${range}
      LIMIT 1`);
    return result.rows.length > 0;
  }

  async motive(
    userId: string,
    motiveId: string,
  ): Promise<{ id: string; title: string; durationMinutes: number } | undefined> {
    const result = await this.db.execute(
      sql`SELECT id, title, duration_minutes FROM motives WHERE id = ${motiveId} AND user_id = ${userId}`,
    );
    const row = result.rows[0] as Row | undefined;
    return row
      ? { id: String(row.id), title: String(row.title), durationMinutes: Number(row.duration_minutes) }
      : undefined;
  }

  /** The calendar to file a hand-made appointment in: the given one (if it is the professional's), else the default / first one. */
  async calendarFor(userId: string, calendarId?: string): Promise<string | undefined> {
    const result = await this.db.execute(sql`
      SELECT id FROM calendars WHERE user_id = ${userId} ${calendarId ? sql`AND id = ${calendarId}` : sql``}
      ORDER BY is_default DESC, position ASC, created_at ASC LIMIT 1`);
    const row = result.rows[0] as Row | undefined;
    return row ? String(row.id) : undefined;
  }

  // ---- writes ----------------------------------------------------------------------------------------------

  async insertAppointment(tx: DbOrTx, input: NewAppointment): Promise<string> {
    const [row] = await tx
      .insert(appointments)
      .values({
        refAppointment: input.refAppointment,
        userId: input.userId,
        calendarId: input.calendarId,
        motiveId: input.motiveId,
        attendeeId: input.attendeeId,
        mode: input.mode,
        status: input.status,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        title: input.title,
        location: input.location,
        timezone: input.timezone,
        notes: input.notes,
      })
      .returning({ id: appointments.id });
    await tx.insert(appointmentDetails).values({
      appointmentId: row.id,
      createdBy: input.createdBy,
      visioUrl: input.visioUrl,
      validatedAt: input.status === 'confirmed' ? new Date() : null,
      contactFirstName: input.contact?.firstName ?? null,
      contactLastName: input.contact?.lastName ?? null,
      contactPhone: input.contact?.phone ?? null,
      contactPhoneCountryCode: input.contact?.phoneCountryCode ?? null,
    });
    return row.id;
  }

  async setStatus(
    tx: DbOrTx,
    id: string,
    status: AppointmentStatus,
    details: {
      refusalReason?: string | null;
      cancelledBy?: 'attendee' | 'user';
      cancellationReason?: string | null;
    } = {},
  ): Promise<void> {
    await tx
      .update(appointments)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(appointments.id, id));
    const now = new Date();
    const values = {
      appointmentId: id,
      ...(status === 'confirmed' ? { validatedAt: now } : {}),
      ...(status === 'refused' ? { refusalReason: details.refusalReason ?? null } : {}),
      ...(status === 'cancelled'
        ? {
            cancelledAt: now,
            cancelledBy: details.cancelledBy ?? null,
            cancellationReason: details.cancellationReason ?? null,
          }
        : {}),
    };
    const { appointmentId: _id, ...set } = values;
    void _id;
    await tx
      .insert(appointmentDetails)
      .values(values)
      .onConflictDoUpdate({
        target: appointmentDetails.appointmentId,
        set: Object.keys(set).length > 0 ? set : { appointmentId: id },
      });
  }

  async move(tx: DbOrTx, id: string, startsAt: Date, endsAt: Date): Promise<void> {
    await tx
      .update(appointments)
      .set({ startsAt, endsAt, updatedAt: sql`now()` })
      .where(eq(appointments.id, id));
  }

  /** Records (or replaces) the client's proposed new range for a confirmed appointment. */
  async upsertRescheduleRequest(
    tx: DbOrTx,
    input: { appointmentId: string; userId: string; startsAt: Date; endsAt: Date },
  ): Promise<void> {
    await tx
      .insert(appointmentRescheduleRequests)
      .values(input)
      .onConflictDoUpdate({
        target: appointmentRescheduleRequests.appointmentId,
        set: { startsAt: input.startsAt, endsAt: input.endsAt, createdAt: sql`now()` },
      });
  }

  /** Drops the appointment's pending proposal (accepted, refused, or overtaken by another change). */
  async deleteRescheduleRequest(tx: DbOrTx, appointmentId: string): Promise<void> {
    await tx
      .delete(appointmentRescheduleRequests)
      .where(eq(appointmentRescheduleRequests.appointmentId, appointmentId));
  }

  /** The attendee with this email (lower-case), created without a password when unknown. */
  async findOrCreateAttendee(
    tx: DbOrTx,
    contact: {
      email: string;
      firstName?: string | null;
      lastName?: string | null;
      phone?: string | null;
      phoneCountryCode?: string | null;
    },
  ): Promise<string> {
    const email = contact.email.trim().toLowerCase();
    const [created] = await tx
      .insert(attendees)
      .values({
        email,
        firstName: contact.firstName ?? null,
        lastName: contact.lastName ?? null,
        phone: contact.phone ?? null,
        phoneCountryCode: contact.phoneCountryCode ?? null,
      })
      .onConflictDoNothing({ target: attendees.email })
      .returning({ id: attendees.id });
    if (created) return created.id;
    const [existing] = await tx
      .select({ id: attendees.id })
      .from(attendees)
      .where(eq(attendees.email, email));
    return existing.id;
  }

  // ---- availabilities requests / responses ----------------------------------------------------------------

  async insertAvailabilityRequest(
    tx: DbOrTx,
    appointmentId: string,
    message: string | null,
  ): Promise<string> {
    const [row] = await tx
      .insert(availabilityRequests)
      .values({ appointmentId, message })
      .returning({ id: availabilityRequests.id });
    return row.id;
  }

  async latestAvailabilityRequest(
    appointmentId: string,
  ): Promise<{ id: string; message: string | null; createdAt: Date } | undefined> {
    const [row] = await this.db
      .select({
        id: availabilityRequests.id,
        message: availabilityRequests.message,
        createdAt: availabilityRequests.createdAt,
      })
      .from(availabilityRequests)
      .where(eq(availabilityRequests.appointmentId, appointmentId))
      .orderBy(sql`${availabilityRequests.createdAt} DESC`)
      .limit(1);
    return row;
  }

  async insertEventResponse(
    tx: DbOrTx,
    appointmentId: string,
    availabilities: { start: string; end: string }[],
    message: string | null,
  ): Promise<string> {
    const [row] = await tx
      .insert(eventResponses)
      .values({ appointmentId, availabilities, message })
      .returning({ id: eventResponses.id });
    return row.id;
  }

  async eventResponses(appointmentId: string): Promise<
    {
      id: string;
      availabilities: { start: string; end: string }[];
      message: string | null;
      createdAt: Date;
    }[]
  > {
    return this.db
      .select({
        id: eventResponses.id,
        availabilities: eventResponses.availabilities,
        message: eventResponses.message,
        createdAt: eventResponses.createdAt,
      })
      .from(eventResponses)
      .where(eq(eventResponses.appointmentId, appointmentId))
      .orderBy(sql`${eventResponses.createdAt} DESC`);
  }

  // ---- reminders ---------------------------------------------------------------------------------------------

  /**
   * Claims the reminders of the confirmed appointments starting in (from, to]: one row per (appointment, start)
   * in `appointment_reminders`, so a run, a replica or a retry never claims the same reminder twice, and a moved
   * appointment gets one for its new start. Returns the newly claimed ones.
   */
  async claimDueReminders(
    tx: DbOrTx,
    from: Date,
    to: Date,
  ): Promise<{ appointmentId: string; startsAt: Date }[]> {
    const due = await tx.execute<{ appointment_id: string; starts_at: Date | string }>(sql`
      INSERT INTO appointment_reminders (appointment_id, starts_at)
      SELECT id, starts_at FROM appointments
      WHERE status = 'confirmed' AND starts_at > ${from.toISOString()}::timestamptz
        AND starts_at <= ${to.toISOString()}::timestamptz
      ON CONFLICT DO NOTHING
      RETURNING appointment_id, starts_at`);
    return due.rows.map((row) => ({ appointmentId: row.appointment_id, startsAt: new Date(row.starts_at) }));
  }
}

import { Injectable } from '@nestjs/common';
import { eq, type SQL, sql } from 'drizzle-orm';
import { executeWithCachedPlan, InjectDb, InjectPool } from '../../database/database.module';
import type { Pool } from 'pg';
import type { FreeSlotContext } from '../availability';
import { latestVersionSql, type MotiveAgreement, motiveAgreementOf } from '../fee-agreements';
import type { MotiveTerms } from '../payments';
import type { IdempotencyLookup } from '../idempotency';
import {
  type AppointmentMode,
  type AppointmentRecord,
  type AppointmentStatus,
  insertedRecordSql,
  lockAgenda,
  recordSql,
  toRecord,
} from '../appointments';
import type { OutboxInsertParts } from '../outbox';
import type { Database, DbOrTx } from '../../database/database.types';
import {
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

/** The client, the professional and the motive of a client's booking (undefined: not found). */
export interface BookingParties {
  attendee: { id: string; email: string; phoneVerifiedAt: Date | null } | undefined;
  professional: ProfessionalBookingRow | undefined;
  motive: { id: string; title: string; durationMinutes: number } | undefined;
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

/**
 * Everything a client's booking reads before its transaction (`BookingRepository.bookingContext`): the parties,
 * the slot module's context of the requested slot, the motive's payment and fee-agreement terms, and whether
 * the professional has calendars to ask live.
 */
export interface BookingContext extends BookingParties {
  slot: FreeSlotContext | undefined;
  /** The motive with its fee-agreement terms (the fee-agreements module's input); null when not theirs. */
  agreementMotive: MotiveAgreement | null;
  /** The motive's payment terms (the payments module's input); null when not theirs. */
  paymentTerms: MotiveTerms | null;
  /** The professional has calendars the live check asks. */
  calendarsToAsk: boolean;
}

@Injectable()
export class BookingRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    @InjectPool() private readonly pool: Pool,
  ) {}

  /** `bookingContext`'s texts by their parts (made once each: the same for every booking, with a key or not). */
  private readonly contextTexts = new Map<string, string>();

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
    const result = await this.db.execute(professionalSql(userId));
    const row = result.rows[0] as Row | undefined;
    return row ? professionalOf(row) : undefined;
  }

  /**
   * What a client's booking reads before its transaction, in one statement: the client, the professional and the
   * motive when it is theirs (undefined when missing), the slot module's
   * context of the slot (`slot`: its statement, $1 to $7 with $2 the motive, as `SlotsService.freeSlotQuery`
   * gives it), the motive's payment and fee-agreement terms (the columns `PaymentsRepository.motiveTerms` and
   * `FeeAgreementsRepository.motive` read) and `calendarsToAsk` (an SQL boolean over `$9`, the professional).
   * Only reads: sent outside any transaction, before the agenda lock, as each of those reads was.
   */
  async bookingContext(
    attendeeId: string,
    userId: string,
    slot: { text: string; values: unknown[] },
    calendarsToAsk: (userId: string) => string,
    keyLookup?: IdempotencyLookup,
  ): Promise<BookingContext> {
    const text = this.bookingContextText(
      slot.text,
      calendarsToAsk('$9::uuid'),
      keyLookup ? keyLookup.answerSql('$10::text', '$11::text') : 'NULL::json',
    );
    const result = await this.pool.query({
      name: keyLookup ? 'booking_context_with_key' : 'booking_context',
      text,
      values: [...slot.values, attendeeId, userId, ...(keyLookup?.values ?? [])],
    });
    const row = result.rows[0] as Row;
    // A key answered before replays that answer, whatever the rest says now.
    keyLookup?.settle(row.key_answer ?? undefined);
    const parties = partiesOf(row);
    const terms = row.motive_id
      ? {
          title: String(row.motive_title),
          priceCents: row.price_cents === null ? null : Number(row.price_cents),
          paymentRule: row.payment_rule as MotiveTerms['paymentRule'],
          cancellationDeadlineHours: Number(row.cancellation_deadline_hours),
          lateCancellationRefund: row.late_cancellation_refund as MotiveTerms['lateCancellationRefund'],
          acceptsLegalAid: Boolean(row.accepts_legal_aid),
        }
      : null;
    return {
      ...parties,
      slot: (row.slot_context as FreeSlotContext | null) ?? undefined,
      agreementMotive: row.motive_id
        ? motiveAgreementOf({
            id: String(row.motive_id),
            title: String(row.motive_title),
            payment_rule: terms!.paymentRule,
            price_cents: terms!.priceCents,
            accepts_legal_aid: terms!.acceptsLegalAid,
            v_id: (row.v_id as string | null) ?? null,
            v_user_id: (row.v_user_id as string | null) ?? null,
            v_terms: (row.v_terms as string | null) ?? null,
            v_hash: (row.v_hash as string | null) ?? null,
            v_created_at: (row.v_created_at as Date | null) ?? null,
          })
        : null,
      paymentTerms: terms,
      calendarsToAsk: Boolean(row.calendars_to_ask),
    };
  }

  private bookingContextText(slotText: string, calendarsToAsk: string, keyAnswer: string): string {
    const cacheKey = `${slotText}\n${calendarsToAsk}\n${keyAnswer}`;
    const cached = this.contextTexts.get(cacheKey);
    if (cached) return cached;
    // $1-$7: the slot statement's; $8: the client; $9: the professional ($2, the motive, is the slot's too);
    // $10, $11: the Idempotency-Key's scope and key, when the request has one.
    const text = `
      WITH sc AS (${slotText})
      SELECT (SELECT row_to_json(sc) FROM sc LIMIT 1) AS slot_context,
             at.id AS attendee_id, at.email AS attendee_email, at.phone_verified_at,
             p.id, p.is_public, p.accepts_online_booking, p.timezone, p.street, p.postal_code, p.city_name,
             m.id AS motive_id, m.title AS motive_title, m.duration_minutes,
             m.payment_rule, m.price_cents, m.accepts_legal_aid, m.cancellation_deadline_hours,
             m.late_cancellation_refund, v.v_id, v.v_user_id, v.v_terms, v.v_hash, v.v_created_at,
             ${calendarsToAsk} AS calendars_to_ask, ${keyAnswer} AS key_answer
      FROM (SELECT 1) AS one
      LEFT JOIN attendees at ON at.id = $8::uuid
      LEFT JOIN LATERAL (${PROFESSIONAL_COLUMNS} WHERE u.id = $9::uuid) p ON true
      LEFT JOIN motives m ON m.id = $2::uuid AND m.user_id = $9::uuid
      LEFT JOIN LATERAL (${latestVersionSql('m')}) v ON true`;
    this.contextTexts.set(cacheKey, text);
    return text;
  }

  /**
   * What a professional's validation reads before its transaction, in one statement: the appointment's record
   * (undefined when there is none), and for the range it asks (a pending appointment's own, a confirmed one's
   * proposed move) the calendar-sync module's cached conflicts (`cachedConflicts`, a JSON array expression over
   * the user, start and end expressions it is given) and whether the professional has calendars to ask live
   * (`calendarsToAsk`, a boolean expression over the user). Only reads: sent outside any transaction, before the
   * agenda lock, as each of those reads was.
   */
  async validationContext(
    id: string,
    cachedConflicts: (userId: SQL, start: SQL, end: SQL) => SQL,
    calendarsToAsk: (userId: string) => string,
  ): Promise<{ record: AppointmentRecord; cachedConflicts: string[]; calendarsToAsk: boolean } | undefined> {
    const start = sql.raw(
      `CASE r.status WHEN 'pending' THEN r.starts_at WHEN 'confirmed' THEN r.proposed_starts_at END`,
    );
    const end = sql.raw(
      `CASE r.status WHEN 'pending' THEN r.ends_at WHEN 'confirmed' THEN r.proposed_ends_at END`,
    );
    const result = await this.db.execute(sql`
      SELECT r.*, ${cachedConflicts(sql.raw('r.user_id'), start, end)} AS cached_conflicts,
             ${sql.raw(calendarsToAsk('r.user_id'))} AS calendars_to_ask
      FROM (${recordSql(sql`a.id = ${id}`)}) AS r`);
    const row = result.rows[0] as Row | undefined;
    if (!row) return undefined;
    return {
      record: toRecord(row),
      cachedConflicts: (row.cached_conflicts as string[] | null) ?? [],
      calendarsToAsk: Boolean(row.calendars_to_ask),
    };
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
    const result = await db.execute(sql`${holdingOverlap(userId, start, end, exceptId)} LIMIT 1`);
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

  /**
   * Inserts the appointment (with its `id`, chosen by the caller) and its details unless a holding appointment
   * or a pending move request overlaps its range (`hasHoldingOverlap`), or `calendarHolds` (a condition of the
   * caller's, e.g. the calendar cache) is true, with the outbox rows of `outbox` (made for the condition "the
   * appointment was inserted"), and answers the new appointment's record: one statement. `record` undefined
   * and the flags tell which refused it. Call under the agenda lock; the exclusion constraint still refuses an
   * overlapping appointment whatever these checks saw. (The details' foreign key is checked at the end of the
   * statement, once the appointment row exists.)
   */
  async insertUnlessHeld(
    tx: DbOrTx,
    input: NewAppointment & { id: string },
    calendarHolds: SQL = sql`false`,
    outbox?: (whenInserted: SQL) => OutboxInsertParts,
  ): Promise<{ record: AppointmentRecord | undefined; heldByAppointment: boolean; heldByCalendar: boolean }> {
    const queued = outbox?.(sql`EXISTS (SELECT 1 FROM inserted)`);
    // A named statement (one per shape of the text): planning its joins took 1.5 ms warm for 0.6 ms of running;
    // PostgreSQL now plans it once per connection, even inside the pipelined transaction (`namedPiece`).
    const result = await executeWithCachedPlan<Row>(
      tx,
      sql`
      WITH held AS (
        SELECT EXISTS (${holdingOverlap(input.userId, input.startsAt, input.endsAt)}) AS by_appointment,
               ${calendarHolds} AS by_calendar
      ), inserted AS (
        INSERT INTO appointments (id, ref_appointment, user_id, calendar_id, motive_id, attendee_id, mode, status,
                                  starts_at, ends_at, title, location, timezone, notes)
        SELECT ${input.id}::uuid, ${input.refAppointment}::text, ${input.userId}::uuid, ${input.calendarId}::uuid,
               ${input.motiveId}::uuid, ${input.attendeeId}::uuid, ${input.mode}::text, ${input.status}::text,
               ${input.startsAt.toISOString()}::timestamptz, ${input.endsAt.toISOString()}::timestamptz,
               ${input.title}::text, ${input.location}::text, ${input.timezone}::text, ${input.notes}::text
        FROM held WHERE NOT by_appointment AND NOT by_calendar
        RETURNING *
      ), details AS (
        INSERT INTO appointment_details (appointment_id, created_by, visio_url, validated_at, contact_first_name,
                                         contact_last_name, contact_phone, contact_phone_country_code)
        SELECT id, ${input.createdBy}::text, ${input.visioUrl}::text,
               ${input.status === 'confirmed' ? sql`now()` : sql`NULL::timestamptz`},
               ${input.contact?.firstName ?? null}::text, ${input.contact?.lastName ?? null}::text,
               ${input.contact?.phone ?? null}::text, ${input.contact?.phoneCountryCode ?? null}::text
        FROM inserted
        RETURNING *
      )${queued ? sql`, queued AS (${queued.insert})` : sql``}
      SELECT held.by_appointment AS held_by_appointment, held.by_calendar AS held_by_calendar,
             ${queued ? queued.notify(sql`queued`) : sql`NULL`} AS outbox_notified, record.*
      FROM held LEFT JOIN (${insertedRecordSql(sql`inserted`, sql`details`)}) AS record ON true`,
    );
    const row = result.rows[0];
    return {
      record: row.id ? toRecord(row) : undefined,
      heldByAppointment: Boolean(row.held_by_appointment),
      heldByCalendar: Boolean(row.held_by_calendar),
    };
  }

  /** The new status and what goes with it in the details (validation time, refusal, cancellation), in one statement. */
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
    const set: SQL[] = [];
    if (status === 'confirmed') set.push(sql`validated_at = now()`);
    if (status === 'refused') set.push(sql`refusal_reason = ${details.refusalReason ?? null}`);
    if (status === 'cancelled')
      set.push(
        sql`cancelled_at = now()`,
        sql`cancelled_by = ${details.cancelledBy ?? null}`,
        sql`cancellation_reason = ${details.cancellationReason ?? null}`,
      );
    // The details row exists for every appointment booked since the details table; older ones get theirs here.
    await tx.execute(sql`
      WITH changed AS (
        UPDATE appointments SET status = ${status}, updated_at = now() WHERE id = ${id} RETURNING id
      )
      INSERT INTO appointment_details (appointment_id${status === 'confirmed' ? sql`, validated_at` : sql``}${status === 'refused' ? sql`, refusal_reason` : sql``}${status === 'cancelled' ? sql`, cancelled_at, cancelled_by, cancellation_reason` : sql``})
      SELECT id${status === 'confirmed' ? sql`, now()` : sql``}${status === 'refused' ? sql`, ${details.refusalReason ?? null}::text` : sql``}${status === 'cancelled' ? sql`, now(), ${details.cancelledBy ?? null}::text, ${details.cancellationReason ?? null}::text` : sql``}
      FROM changed
      ON CONFLICT (appointment_id) DO ${set.length > 0 ? sql`UPDATE SET ${sql.join(set, sql`, `)}` : sql`NOTHING`}`);
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

/**
 * The rows holding [start, end) of professional `userId` (see `hasHoldingOverlap`), as a SELECT to test with
 * EXISTS or LIMIT 1.
 */
function holdingOverlap(userId: string, start: Date, end: Date, exceptId?: string): SQL {
  const range = sql`tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;
  const except = exceptId ?? '00000000-0000-0000-0000-000000000000';
  return sql`
      SELECT 1 FROM appointments
      WHERE user_id = ${userId} AND status IN ('pending', 'confirmed') AND id <> ${except}
        AND tstzrange(starts_at, ends_at, '[)') && ${range}
      UNION ALL
      SELECT 1 FROM appointment_reschedule_requests r JOIN appointments a ON a.id = r.appointment_id
      WHERE r.user_id = ${userId} AND a.status IN ('pending', 'confirmed') AND r.appointment_id <> ${except}
        AND tstzrange(r.starts_at, r.ends_at, '[)') && ${range}`;
}

/** The professional's booking switches and practice address (see `ProfessionalBookingRow`). */
/** The professional's booking row (`professionalOf`), without its WHERE. */
const PROFESSIONAL_COLUMNS = `
      SELECT u.id, u.is_public, u.accepts_online_booking, u.timezone,
             -- the professional's own practice address when they gave one, else their office's
             CASE WHEN u.street IS NOT NULL THEN u.street ELSE t.street END AS street,
             CASE WHEN u.street IS NOT NULL THEN u.postal_code ELSE t.postal_code END AS postal_code,
             c.name AS city_name
      FROM users u LEFT JOIN teams t ON t.id = u.team_id
      LEFT JOIN cities c ON c.id = CASE WHEN u.street IS NOT NULL THEN u.city_id ELSE coalesce(t.city_id, u.city_id) END`;

function professionalSql(userId: string): SQL {
  return sql`${sql.raw(PROFESSIONAL_COLUMNS)} WHERE u.id = ${userId}`;
}

function professionalOf(row: Row): ProfessionalBookingRow {
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

function partiesOf(row: Row): BookingParties {
  return {
    attendee: row.attendee_id
      ? {
          id: String(row.attendee_id),
          email: String(row.attendee_email),
          phoneVerifiedAt: row.phone_verified_at ? new Date(row.phone_verified_at as string) : null,
        }
      : undefined,
    professional: row.id ? professionalOf(row) : undefined,
    motive: row.motive_id
      ? {
          id: String(row.motive_id),
          title: String(row.motive_title),
          durationMinutes: Number(row.duration_minutes),
        }
      : undefined,
  };
}

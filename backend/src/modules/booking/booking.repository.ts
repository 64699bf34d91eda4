import { Injectable } from '@nestjs/common';
import { and, eq, sql, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointmentDetails,
  appointments,
  attendees,
  availabilityRequests,
  eventResponses,
  idempotencyKeys,
  SLOT_HOLDING_STATUSES,
} from '../../database/schema';

export type AppointmentStatus = 'pending' | 'confirmed' | 'refused' | 'cancelled';
export type AppointmentMode = 'in_person' | 'visio' | 'phone';

/** An appointment with everything the API and the mails show about it. */
export interface AppointmentRecord {
  id: string;
  refAppointment: string;
  userId: string;
  calendarId: string;
  motiveId: string | null;
  attendeeId: string | null;
  mode: AppointmentMode;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  title: string | null;
  location: string | null;
  timezone: string;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: 'attendee' | 'user';
  visioUrl: string | null;
  refusalReason: string | null;
  cancelledBy: 'attendee' | 'user' | null;
  cancellationReason: string | null;
  motiveTitle: string | null;
  pro: {
    civility: string | null;
    firstName: string;
    lastName: string;
    email: string;
    telephone: string | null;
    userUri: string;
    teamName: string | null;
    street: string | null;
    postalCode: string | null;
    cityName: string | null;
  };
  attendee: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    civility: string | null;
  } | null;
}

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
}

export interface StoredIdempotentResponse {
  requestHash: string;
  responseStatus: number;
  responseBody: unknown;
}

const SELECT_RECORD = sql`
  SELECT a.id, a.ref_appointment, a.user_id, a.calendar_id, a.motive_id, a.attendee_id, a.mode, a.status,
         a.starts_at, a.ends_at, a.title, a.location, a.timezone, a.notes, a.created_at, a.updated_at,
         coalesce(d.created_by, 'attendee') AS created_by, d.visio_url, d.refusal_reason, d.cancelled_by, d.cancellation_reason,
         m.title AS motive_title,
         u.civility AS pro_civility, u.first_name AS pro_first_name, u.last_name AS pro_last_name, u.email AS pro_email,
         u.telephone AS pro_telephone, u.user_uri AS pro_user_uri,
         t.name AS team_name, t.street AS team_street, t.postal_code AS team_postal_code, c.name AS city_name,
         at.email AS attendee_email, at.first_name AS attendee_first_name, at.last_name AS attendee_last_name,
         at.phone AS attendee_phone, at.civility AS attendee_civility
  FROM appointments a
  JOIN users u ON u.id = a.user_id
  LEFT JOIN appointment_details d ON d.appointment_id = a.id
  LEFT JOIN motives m ON m.id = a.motive_id
  LEFT JOIN teams t ON t.id = u.team_id
  LEFT JOIN cities c ON c.id = coalesce(t.city_id, u.city_id)
  LEFT JOIN attendees at ON at.id = a.attendee_id`;

type Row = Record<string, unknown>;

function toRecord(row: Row): AppointmentRecord {
  const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(row.id),
    refAppointment: String(row.ref_appointment),
    userId: String(row.user_id),
    calendarId: String(row.calendar_id),
    motiveId: text(row.motive_id),
    attendeeId: text(row.attendee_id),
    mode: row.mode as AppointmentMode,
    status: row.status as AppointmentStatus,
    startsAt: date(row.starts_at),
    endsAt: date(row.ends_at),
    title: text(row.title),
    location: text(row.location),
    timezone: String(row.timezone),
    notes: text(row.notes),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    createdBy: row.created_by === 'user' ? 'user' : 'attendee',
    visioUrl: text(row.visio_url),
    refusalReason: text(row.refusal_reason),
    cancelledBy: (text(row.cancelled_by) as 'attendee' | 'user' | null) ?? null,
    cancellationReason: text(row.cancellation_reason),
    motiveTitle: text(row.motive_title),
    pro: {
      civility: text(row.pro_civility),
      firstName: String(row.pro_first_name),
      lastName: String(row.pro_last_name),
      email: String(row.pro_email),
      telephone: text(row.pro_telephone),
      userUri: String(row.pro_user_uri),
      teamName: text(row.team_name),
      street: text(row.team_street),
      postalCode: text(row.team_postal_code),
      cityName: text(row.city_name),
    },
    attendee:
      row.attendee_email === null || row.attendee_email === undefined
        ? null
        : {
            email: String(row.attendee_email),
            firstName: text(row.attendee_first_name),
            lastName: text(row.attendee_last_name),
            phone: text(row.attendee_phone),
            civility: text(row.attendee_civility),
          },
  };
}

export type EventGroup = 'past' | 'pending' | 'upcoming';

/** First key of the advisory lock pair taken on a professional's agenda (the second is a hash of their id). */
const AGENDA_LOCK_NAMESPACE = 10_007;
/** How long a booking waits for a professional's agenda before answering 409 (each holder takes a few ms). */
const AGENDA_LOCK_TIMEOUT_MS = 3_000;

@Injectable()
export class BookingRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  get database(): Database {
    return this.db;
  }

  // ---- agenda lock -----------------------------------------------------------------------------------------

  /**
   * Serialises, until `tx` ends, every transaction that writes appointments of professional `userId`.
   * Without it, two transactions inserting overlapping appointments could each find the other's index entry
   * while checking the exclusion constraint and wait for each other: PostgreSQL then reports a deadlock after
   * `deadlock_timeout` (issue 10, point 7). Taken first in every such transaction (before any row lock), so
   * the lock order is always agenda -> appointment rows. The exclusion constraint stays the guarantee.
   * A waiter gives up after `lock_timeout` (SQLSTATE 55P03) instead of holding a pool connection.
   */
  async lockAgenda(tx: DbOrTx, userId: string): Promise<void> {
    await tx.execute(sql`SET LOCAL lock_timeout = '${sql.raw(String(AGENDA_LOCK_TIMEOUT_MS))}ms'`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGENDA_LOCK_NAMESPACE}::int, hashtext(${userId}))`);
  }

  /** The professional an appointment belongs to (no lock), to take their agenda lock first. */
  async ownerOf(id: string, db: DbOrTx = this.db): Promise<string | undefined> {
    const result = await db.execute(sql`SELECT user_id FROM appointments WHERE id = ${id}`);
    return (result.rows[0] as { user_id: string } | undefined)?.user_id;
  }

  // ---- reads -----------------------------------------------------------------------------------------------

  async findRecord(
    where: { id?: string; ref?: string },
    db: DbOrTx = this.db,
    lock = false,
  ): Promise<AppointmentRecord | undefined> {
    const condition = where.id ? sql`a.id = ${where.id}` : sql`a.ref_appointment = ${where.ref ?? ''}`;
    const result = await db.execute(
      sql`${SELECT_RECORD} WHERE ${condition}${lock ? sql` FOR UPDATE OF a` : sql``}`,
    );
    const row = result.rows[0] as Row | undefined;
    return row ? toRecord(row) : undefined;
  }

  async listForUser(
    userId: string,
    filter: { group?: EventGroup; from?: Date; to?: Date; now: Date },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AppointmentRecord[]; total: number }> {
    const conditions: SQL[] = [sql`a.user_id = ${userId}`];
    let order = sql`a.starts_at ASC`;
    const now = filter.now.toISOString();
    if (filter.group === 'pending') conditions.push(sql`a.status = 'pending' AND a.ends_at > ${now}`);
    if (filter.group === 'upcoming') conditions.push(sql`a.status = 'confirmed' AND a.ends_at > ${now}`);
    if (filter.group === 'past') {
      conditions.push(sql`a.ends_at <= ${now}`);
      order = sql`a.starts_at DESC`;
    }
    if (filter.from) conditions.push(sql`a.ends_at > ${filter.from.toISOString()}`);
    if (filter.to) conditions.push(sql`a.starts_at < ${filter.to.toISOString()}`);
    const where = sql.join(conditions, sql` AND `);
    const [list, count] = await Promise.all([
      this.db.execute(
        sql`${SELECT_RECORD} WHERE ${where} ORDER BY ${order}, a.id LIMIT ${page.limit} OFFSET ${page.offset}`,
      ),
      this.db.execute(sql`SELECT count(*)::int AS total FROM appointments a WHERE ${where}`),
    ]);
    return { rows: (list.rows as Row[]).map(toRecord), total: Number((count.rows[0] as Row).total) };
  }

  async listForAttendee(
    attendeeId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AppointmentRecord[]; total: number }> {
    const [list, count] = await Promise.all([
      this.db.execute(
        sql`${SELECT_RECORD} WHERE a.attendee_id = ${attendeeId} ORDER BY a.starts_at DESC, a.id LIMIT ${page.limit} OFFSET ${page.offset}`,
      ),
      this.db.execute(
        sql`SELECT count(*)::int AS total FROM appointments a WHERE a.attendee_id = ${attendeeId}`,
      ),
    ]);
    return { rows: (list.rows as Row[]).map(toRecord), total: Number((count.rows[0] as Row).total) };
  }

  async professional(userId: string): Promise<ProfessionalBookingRow | undefined> {
    const result = await this.db.execute(sql`
      SELECT u.id, u.is_public, u.accepts_online_booking, u.timezone, t.street, t.postal_code, c.name AS city_name
      FROM users u LEFT JOIN teams t ON t.id = u.team_id LEFT JOIN cities c ON c.id = coalesce(t.city_id, u.city_id)
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

  /** A holding appointment of this professional overlapping [start, end). */
  async hasHoldingOverlap(userId: string, start: Date, end: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT 1 FROM appointments
      WHERE user_id = ${userId} AND status IN ('pending', 'confirmed')
        AND tstzrange(starts_at, ends_at, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')
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

  // ---- idempotency -----------------------------------------------------------------------------------------

  /**
   * Reserves (scope, key) inside `tx`. A concurrent transaction holding the same key makes this wait on the
   * primary key until it commits (then the stored answer is returned) or rolls back (then this one wins).
   */
  async claimIdempotencyKey(
    tx: DbOrTx,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<StoredIdempotentResponse | undefined> {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) return undefined;
    const [stored] = await tx
      .select({
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return stored;
  }

  async findIdempotentResponse(scope: string, key: string): Promise<StoredIdempotentResponse | undefined> {
    const [stored] = await this.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return stored;
  }

  async storeIdempotentResponse(
    tx: DbOrTx,
    scope: string,
    key: string,
    status: number,
    body: unknown,
  ): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body as object })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  }
}

export const HOLDING = SLOT_HOLDING_STATUSES;

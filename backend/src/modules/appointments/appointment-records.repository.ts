import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { executeWithCachedPlan, InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { readListPage } from '../../database/list-total';

// The one read model of an appointment: what the API answers, the mails say and the calendars receive. Booking
// writes appointments; booking, notifications and calendar sync read them through AppointmentRecords.

import type { AppointmentMode, AppointmentStatus } from '@rdv/sectors';

export type { AppointmentMode, AppointmentStatus };

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
  /** The client's pending move of this (confirmed) appointment: the range it holds until answered. */
  proposal: { startsAt: Date; endsAt: Date } | null;
  /** Booked on a paid motive: the payment's state and the cancellation rule accepted at booking. */
  payment: {
    status: string;
    amountCents: number;
    refundedCents: number;
    legalAid: boolean;
    cancellationDeadlineHours: number;
    lateCancellationRefund: string;
    checkoutUrl: string | null;
  } | null;
  /** The fee agreement the client accepted at booking (lawyers' paid motives). */
  feeAgreement: { acceptedAt: Date; versionHash: string } | null;
  pro: {
    id: string;
    civility: string | null;
    firstName: string;
    lastName: string;
    email: string;
    telephone: string | null;
    userUri: string;
    teamId: string | null;
    teamName: string | null;
    /** Copies of the professional's mails go to `copyEmails` when on. */
    mailCopyActivated: boolean;
    copyEmails: string[];
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

const RECORD_COLUMNS = sql`
  a.id, a.ref_appointment, a.user_id, a.calendar_id, a.motive_id, a.attendee_id, a.mode, a.status,
         a.starts_at, a.ends_at, a.title, a.location, a.timezone, a.notes, a.created_at, a.updated_at,
         coalesce(d.created_by, 'attendee') AS created_by, d.visio_url, d.refusal_reason, d.cancelled_by, d.cancellation_reason,
         m.title AS motive_title, p.status AS payment_status, p.amount_cents AS payment_amount_cents,
         p.refunded_cents AS payment_refunded_cents, p.legal_aid AS payment_legal_aid,
         p.cancellation_deadline_hours AS payment_deadline_hours, p.late_cancellation_refund AS payment_late_refund,
         p.checkout_url AS payment_checkout_url, fa.accepted_at AS fee_agreement_accepted_at,
         fa.version_hash AS fee_agreement_version_hash, rr.starts_at AS proposed_starts_at, rr.ends_at AS proposed_ends_at,
         u.id AS pro_id, u.civility AS pro_civility, u.first_name AS pro_first_name, u.last_name AS pro_last_name, u.email AS pro_email,
         u.telephone AS pro_telephone, u.user_uri AS pro_user_uri,
         u.mail_copy_activated, u.copy_emails, u.team_id,
         t.name AS team_name,
         -- the professional's own practice address when they gave one, else their office's
         CASE WHEN u.street IS NOT NULL THEN u.street ELSE t.street END AS team_street,
         CASE WHEN u.street IS NOT NULL THEN u.postal_code ELSE t.postal_code END AS team_postal_code,
         c.name AS city_name,
         -- entered by hand: the client as the professional typed them, never the linked account's own details
         at.email AS attendee_email,
         CASE WHEN d.created_by = 'user' THEN d.contact_first_name ELSE at.first_name END AS attendee_first_name,
         CASE WHEN d.created_by = 'user' THEN d.contact_last_name ELSE at.last_name END AS attendee_last_name,
         CASE WHEN d.created_by = 'user' THEN d.contact_phone ELSE at.phone END AS attendee_phone,
         CASE WHEN d.created_by = 'user' THEN NULL ELSE at.civility END AS attendee_civility`;

/**
 * What an appointment record joins, after `appointments a`; `details`: where its details row is (the table, or
 * the CTE of the statement that inserts it).
 */
const recordJoins = (details: SQL = sql`appointment_details`) => sql`
  JOIN users u ON u.id = a.user_id
  LEFT JOIN ${details} d ON d.appointment_id = a.id
  LEFT JOIN motives m ON m.id = a.motive_id
  LEFT JOIN appointment_reschedule_requests rr ON rr.appointment_id = a.id
  LEFT JOIN appointment_payments p ON p.appointment_id = a.id
  LEFT JOIN fee_agreements fa ON fa.appointment_id = a.id
  LEFT JOIN teams t ON t.id = u.team_id
  LEFT JOIN cities c ON c.id = CASE WHEN u.street IS NOT NULL THEN u.city_id ELSE coalesce(t.city_id, u.city_id) END
  LEFT JOIN attendees at ON at.id = a.attendee_id`;

const SELECT_RECORD = sql`SELECT ${RECORD_COLUMNS} FROM appointments a ${recordJoins()}`;

/**
 * The SELECT of the records matching `condition` (over `appointments a`), for a caller that reads the record
 * within a statement of its own (`toRecord` converts its row; the caller's extra columns are ignored there).
 */
export function recordSql(condition: SQL): SQL {
  return sql`${SELECT_RECORD} WHERE ${condition}`;
}

/**
 * The record of an appointment inserted by the statement that runs this SELECT: `appointment` and `details` are
 * its CTEs returning the new rows (the statement's snapshot does not see them in their tables). What is written
 * after the insert (payment, fee agreement, move request) is not there yet, as in a read right after it.
 */
export function insertedRecordSql(appointment: SQL, details: SQL): SQL {
  return sql`SELECT ${RECORD_COLUMNS} FROM ${appointment} a ${recordJoins(details)}`;
}

type Row = Record<string, unknown>;

export function toRecord(row: Row): AppointmentRecord {
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
    proposal:
      row.proposed_starts_at === null || row.proposed_starts_at === undefined
        ? null
        : { startsAt: date(row.proposed_starts_at), endsAt: date(row.proposed_ends_at) },
    payment:
      row.payment_status === null || row.payment_status === undefined
        ? null
        : {
            status: String(row.payment_status),
            amountCents: Number(row.payment_amount_cents),
            refundedCents: Number(row.payment_refunded_cents),
            legalAid: Boolean(row.payment_legal_aid),
            cancellationDeadlineHours: Number(row.payment_deadline_hours),
            lateCancellationRefund: String(row.payment_late_refund),
            checkoutUrl: text(row.payment_checkout_url),
          },
    feeAgreement:
      row.fee_agreement_accepted_at === null || row.fee_agreement_accepted_at === undefined
        ? null
        : {
            acceptedAt: date(row.fee_agreement_accepted_at),
            versionHash: String(row.fee_agreement_version_hash),
          },
    pro: {
      id: String(row.pro_id),
      civility: text(row.pro_civility),
      firstName: String(row.pro_first_name),
      lastName: String(row.pro_last_name),
      email: String(row.pro_email),
      telephone: text(row.pro_telephone),
      userUri: String(row.pro_user_uri),
      teamId: text(row.team_id),
      teamName: text(row.team_name),
      mailCopyActivated: Boolean(row.mail_copy_activated),
      copyEmails: Array.isArray(row.copy_emails) ? (row.copy_emails as string[]) : [],
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

/** Groups of the professional's appointment list (`/user/events`). */
export type EventGroup = 'past' | 'pending' | 'upcoming';

@Injectable()
export class AppointmentRecordsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async findRecord(
    where: { id?: string; ref?: string },
    db: DbOrTx = this.db,
    lock = false,
  ): Promise<AppointmentRecord | undefined> {
    const condition = where.id ? sql`a.id = ${where.id}` : sql`a.ref_appointment = ${where.ref ?? ''}`;
    // By a unique key: the plan is the same for every appointment, planned once per connection.
    const result = await executeWithCachedPlan(
      db,
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
    // Awaiting the professional: new bookings, and confirmed ones whose client asked to move them.
    if (filter.group === 'pending')
      conditions.push(
        sql`(a.status = 'pending' OR (a.status = 'confirmed' AND EXISTS (SELECT 1 FROM appointment_reschedule_requests p WHERE p.appointment_id = a.id))) AND a.ends_at > ${now}`,
      );
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

  /** The console's list: filters on professional, attendee, status and start dates; sort on a few columns. */
  async listForAdmin(
    filter: {
      userId?: string;
      attendeeId?: string;
      status?: AppointmentStatus;
      from?: Date;
      to?: Date;
      ids?: string[];
    },
    sort: { field: 'startsAt' | 'createdAt' | 'status'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AppointmentRecord[]; total: number }> {
    const conditions: SQL[] = [sql`true`];
    if (filter.userId) conditions.push(sql`a.user_id = ${filter.userId}`);
    if (filter.attendeeId) conditions.push(sql`a.attendee_id = ${filter.attendeeId}`);
    if (filter.status) conditions.push(sql`a.status = ${filter.status}`);
    if (filter.from) conditions.push(sql`a.starts_at >= ${filter.from.toISOString()}`);
    if (filter.to) conditions.push(sql`a.starts_at < ${filter.to.toISOString()}`);
    if (filter.ids) conditions.push(filter.ids.length ? sql`a.id IN ${filter.ids}` : sql`false`);
    const where = sql.join(conditions, sql` AND `);
    const column = { startsAt: sql`a.starts_at`, createdAt: sql`a.created_at`, status: sql`a.status` }[
      sort.field
    ];
    // The page's ids first (an index scan on the sort column for the default order), then the joins for those
    // rows only: a page deep in the list skips index entries, not joined rows. The page comes first in FROM: past
    // eight joins the planner keeps the order written. A page past the middle is read from the end (readListPage).
    const { rows, total } = await readListPage(
      this.db,
      sql`FROM appointments a WHERE ${where}`,
      page,
      async (window) => {
        const descending = (sort.order === 'DESC') !== window.reversed;
        const order = sql`${column} ${descending ? sql`DESC` : sql`ASC`}, a.id ${window.reversed ? sql`DESC` : sql`ASC`}`;
        const list = await this.db.execute(
          sql`SELECT ${RECORD_COLUMNS}
              FROM (SELECT a.id FROM appointments a WHERE ${where}
                    ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}) page
              JOIN appointments a ON a.id = page.id ${recordJoins()}
              ORDER BY ${order}`,
        );
        return (list.rows as Row[]).map(toRecord);
      },
    );
    return { rows, total };
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
}

import { APPOINTMENT_MODES, APPOINTMENT_STATUSES } from '@rdv/sectors';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { attendees } from './accounts';
import { externalCalendars } from './calendar-sync';
import { users } from './directory';

// Wall-clock rules are local `time` values read in the professional's IANA zone (users.timezone); instants
// are timestamptz. The slot engine (modules/availability/slot-calculator.ts) joins the two.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A professional's agendas (`/user/calendriers`). At most one default per professional. */
export const calendars = pgTable(
  'calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#c62828'),
    position: integer('position').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('calendars_user_id_idx').on(t.userId),
    uniqueIndex('calendars_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const MOTIVE_PAYMENT_RULES = ['free', 'at_booking'] as const;
export const LATE_CANCELLATION_REFUNDS = ['none', 'half', 'all'] as const;

/** Appointment reasons ("motifs") with their booking rules. */
export const motives = pgTable(
  'motives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** minimum notice ("délai avant rendez-vous") */
    noticeMinutes: integer('notice_minutes').notNull().default(0),
    /** no slot starting before this local hour; null = no limit */
    notBeforeHour: smallint('not_before_hour'),
    /** booking horizon in months */
    notAfterMonths: integer('not_after_months').notNull().default(3),
    inPersonAllowed: boolean('in_person_allowed').notNull().default(true),
    visioAllowed: boolean('visio_allowed').notNull().default(false),
    phoneAllowed: boolean('phone_allowed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Price including VAT, in cents; null = no price shown (a free motive). */
    priceCents: integer('price_cents'),
    /** free | at_booking: the client pays online when booking (card authorised, captured at validation). */
    paymentRule: text('payment_rule', { enum: MOTIVE_PAYMENT_RULES }).notNull().default('free'),
    /** The client cancels free of charge until this many hours before the meeting... */
    cancellationDeadlineHours: integer('cancellation_deadline_hours').notNull().default(24),
    /** ...and after it gets back none, half or all of the price. */
    lateCancellationRefund: text('late_cancellation_refund', { enum: LATE_CANCELLATION_REFUNDS })
      .notNull()
      .default('none'),
    /** A client declaring full legal aid (aide juridictionnelle totale) books this motive without paying. */
    acceptsLegalAid: boolean('accepts_legal_aid').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('motives_user_id_idx').on(t.userId, t.position),
    check('motives_payment_rule_values', sql`${t.paymentRule} IN ('free', 'at_booking')`),
    check('motives_late_refund_values', sql`${t.lateCancellationRefund} IN ('none', 'half', 'all')`),
    check('motives_price_range', sql`${t.priceCents} IS NULL OR ${t.priceCents} BETWEEN 100 AND 1000000`),
    check('motives_paid_has_price', sql`${t.paymentRule} = 'free' OR ${t.priceCents} IS NOT NULL`),
    check('motives_deadline_range', sql`${t.cancellationDeadlineHours} BETWEEN 0 AND 720`),
    check('motives_duration_multiple_of_5', sql`${t.durationMinutes} > 0 AND ${t.durationMinutes} % 5 = 0`),
    check('motives_notice_not_negative', sql`${t.noticeMinutes} >= 0`),
    check(
      'motives_not_before_hour_range',
      sql`${t.notBeforeHour} IS NULL OR ${t.notBeforeHour} BETWEEN 0 AND 23`,
    ),
    check('motives_not_after_months_positive', sql`${t.notAfterMonths} > 0`),
  ],
);

/** Weekly recurring ranges of a calendar. `motive_ids` null = open to every motive. */
export const weeklyAvailabilities = pgTable(
  'weekly_availabilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    /** ISO weekday, 1 = Monday ... 7 = Sunday */
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    motiveIds: uuid('motive_ids').array(),
  },
  (t) => [
    index('weekly_availabilities_calendar_id_idx').on(t.calendarId, t.weekday),
    check('weekly_availabilities_weekday_range', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('weekly_availabilities_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** One-off blocks. `calendar_id` null = every calendar of the professional. */
export const unavailabilityPeriods = pgTable(
  'unavailability_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unavailability_periods_user_starts_idx').on(t.userId, t.startsAt),
    // Slot reads ask "what overlaps [from, to)": a GiST range index answers it without scanning history.
    index('unavailability_periods_user_range_idx').using(
      'gist',
      t.userId,
      sql`tstzrange(${t.startsAt}, ${t.endsAt}, '[)')`,
    ),
    check('unavailability_periods_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Holidays (`/user/periodes-de-vacances`): whole local days, both ends included. */
export const holidayPeriods = pgTable(
  'holiday_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('holiday_periods_user_id_idx').on(t.userId, t.startsOn),
    check('holiday_periods_end_not_before_start', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** Months ('YYYY-MM') in which the professional works on public holidays (closed otherwise). */
export const workedPublicHolidayMonths = pgTable(
  'worked_public_holiday_months',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month] }),
    check('worked_public_holiday_months_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * Availability settings, one row per professional (absent = defaults: no amplitude, holidays of the
 * account country). The visio / phone switches live on `users` (visio_enabled, phone_enabled).
 */
export const availabilitySettings = pgTable(
  'availability_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    amplitudeStart: time('amplitude_start'),
    amplitudeEnd: time('amplitude_end'),
    /** FR | BE | CH; null = the account country when it is one of them, FR otherwise */
    holidayCountry: text('holiday_country'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'availability_settings_amplitude_order',
      sql`${t.amplitudeStart} IS NULL OR ${t.amplitudeEnd} IS NULL OR ${t.amplitudeEnd} > ${t.amplitudeStart}`,
    ),
    check(
      'availability_settings_holiday_country',
      sql`${t.holidayCountry} IS NULL OR ${t.holidayCountry} IN ('FR', 'BE', 'CH')`,
    ),
  ],
);

/** Busy times read from external calendars (filled by calendar sync); they block slots. */
export const externalBusyTimes = pgTable(
  'external_busy_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'cascade' }),
    /** google | apple | live | office365 | exchange | caldav */
    source: text('source').notNull(),
    /** the event id at the source, for idempotent sync upserts */
    externalId: text('external_id'),
    /** the synced calendar it was read from (calendar sync); its rows go when the calendar stops being "busy" */
    externalCalendarId: uuid('external_calendar_id').references(() => externalCalendars.id, {
      onDelete: 'cascade',
    }),
    /** the provider's identity of the event (CalDAV object URL, Google event id): one event, many occurrences */
    eventKey: text('event_key'),
    /** an event we wrote ourselves (write-back): the appointment already blocks, so it must not block twice */
    ownEvent: boolean('own_event').notNull().default(false),
    /**
     * The event's title at the source, shown in the professional's own agenda only (never to clients), and only
     * when they chose to see titles; null when the source gave none (busy-only listings).
     */
    title: text('title'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('external_busy_times_user_starts_idx').on(t.userId, t.startsAt),
    index('external_busy_times_user_range_idx').using(
      'gist',
      t.userId,
      sql`tstzrange(${t.startsAt}, ${t.endsAt}, '[)')`,
    ),
    uniqueIndex('external_busy_times_source_event').on(t.userId, t.source, t.externalId),
    index('external_busy_times_calendar_event_idx').on(t.externalCalendarId, t.eventKey),
    check('external_busy_times_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

// One list of appointment modes and statuses for the API, the UIs and these columns (their CHECKs below repeat
// them in SQL, which a migration freezes anyway).
export { APPOINTMENT_MODES, APPOINTMENT_STATUSES };
/** States that hold a slot: covered by the exclusion constraint and subtracted from availability. */
export const SLOT_HOLDING_STATUSES = ['pending', 'confirmed'] as const;

/**
 * Appointments (booking). Double booking is impossible by construction: the custom migration
 * adds `EXCLUDE USING gist (user_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
 * WHERE (status IN ('pending','confirmed'))` (SQLSTATE 23P01 on conflict).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** public, unguessable reference (`refAppointment`) */
    refAppointment: text('ref_appointment').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'restrict' }),
    motiveId: uuid('motive_id').references(() => motives.id, { onDelete: 'set null' }),
    attendeeId: uuid('attendee_id').references(() => attendees.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: APPOINTMENT_MODES }).notNull().default('in_person'),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    title: text('title'),
    location: text('location'),
    timezone: text('timezone').notNull().default('Europe/Paris'),
    attendeesCount: integer('attendees_count').notNull().default(1),
    notes: text('notes'),
    /** When the client was mailed the link to review the meeting (once, after it took place). */
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('appointments_user_starts_idx').on(t.userId, t.startsAt),
    index('appointments_attendee_id_idx').on(t.attendeeId),
    // The console's appointment list, newest first by default: its pages read this index, not the whole table.
    index('appointments_starts_at_idx').on(t.startsAt.desc().nullsFirst(), t.id),
    // The same list filtered on a status (pending requests): both ends of it read by index; without it the list's
    // oldest end walked every past appointment before the first pending one.
    index('appointments_status_starts_at_idx').on(t.status, t.startsAt.desc().nullsFirst(), t.id),
    // The console's dashboard: appointments created and changed over the last 30 days, and the pending ones
    // waiting for more than 48 hours, read by range instead of the whole table.
    index('appointments_created_at_idx').on(t.createdAt),
    // With the status, the "changed over 30 days" half reads the index alone (not 52,000 table pages).
    index('appointments_updated_at_idx').on(t.updatedAt, t.status),
    index('appointments_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The review-invitation scan (every 15 minutes): confirmed meetings with a client not invited yet, by end.
    index('appointments_review_due_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'confirmed' AND ${t.reviewInvitedAt} IS NULL AND ${t.attendeeId} IS NOT NULL`),
    check('appointments_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_mode_values', sql`${t.mode} IN ('in_person', 'visio', 'phone')`),
    check('appointments_status_values', sql`${t.status} IN ('pending', 'confirmed', 'refused', 'cancelled')`),
    check('appointments_attendees_count_positive', sql`${t.attendeesCount} >= 1`),
  ],
);

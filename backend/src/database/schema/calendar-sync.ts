import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './availability';
import { users } from './directory';

// Calendar synchronisation (CalDAV, Google; Microsoft and Exchange reuse these tables). Busy times read
// from the chosen calendars land in `external_busy_times` (availability.ts), which the slot query already reads.

/** Providers an account can be connected with. */
export const CALENDAR_PROVIDERS = ['google', 'caldav', 'apple', 'office365', 'live', 'exchange'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];
export const CONNECTION_STATUSES = ['active', 'needs_reauth', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * One connected account of a professional. The credentials (password, OAuth tokens) are stored only as
 * AES-256-GCM ciphertext with the id of the key that sealed it, so keys can rotate (see credential-cipher.ts).
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: CALENDAR_PROVIDERS }).notNull(),
    /** what the lawyer recognises: the account's e-mail or user name */
    accountLabel: text('account_label').notNull(),
    /** CalDAV server root (iCloud: https://caldav.icloud.com); null for OAuth providers */
    serverUrl: text('server_url'),
    credentialsCiphertext: text('credentials_ciphertext').notNull(),
    credentialsKeyId: text('credentials_key_id').notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('active'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** last sync that ran to completion; the booking re-checks live when it is too old */
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
    /** the lawyer's choice: no online booking while a busy calendar of this account is broken */
    pauseBookingWhenBroken: boolean('pause_booking_when_broken').notNull().default(false),
    /** at most one "reconnect" mail a day */
    reauthMailSentAt: timestamp('reauth_mail_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('calendar_connections_user_idx').on(t.userId),
    uniqueIndex('calendar_connections_account').on(t.userId, t.provider, t.accountLabel),
    check(
      'calendar_connections_provider_values',
      sql`${t.provider} IN ('google', 'caldav', 'apple', 'office365', 'live', 'exchange')`,
    ),
    check('calendar_connections_status_values', sql`${t.status} IN ('active', 'needs_reauth', 'error')`),
  ],
);

/** A calendar of a connected account, with the lawyer's choices and the provider's sync state. */
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** provider's id: CalDAV collection URL, Google calendar id, Graph calendar id */
    externalId: text('external_id').notNull(),
    displayName: text('display_name').notNull(),
    color: text('color'),
    /** its events remove slots */
    useForBusy: boolean('use_for_busy').notNull().default(false),
    /** validated appointments are written into it (one per professional) */
    isWriteTarget: boolean('is_write_target').notNull().default(false),
    /** all-day events block the whole day (the lawyer's choice) */
    allDayBlocks: boolean('all_day_blocks').notNull().default(true),
    /** Google syncToken, Graph deltaLink or DAV sync-token; null = next sync is a full one */
    syncCursor: text('sync_cursor'),
    /** CalDAV getctag: unchanged means nothing to fetch */
    ctag: text('ctag'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('external_calendars_connection_external_id').on(t.connectionId, t.externalId),
    index('external_calendars_user_idx').on(t.userId),
    uniqueIndex('external_calendars_one_write_target')
      .on(t.userId)
      .where(sql`${t.isWriteTarget}`),
  ],
);

/**
 * Where a validated appointment was written (write-back): the event's UID (the one of our .ics mails),
 * its address at the provider and its last ETag, so create / move / delete are idempotent.
 */
export const appointmentCalendarEvents = pgTable(
  'appointment_calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    externalCalendarId: uuid('external_calendar_id')
      .notNull()
      .references(() => externalCalendars.id, { onDelete: 'cascade' }),
    eventUid: text('event_uid').notNull(),
    /** CalDAV object URL or provider event id; null until the first write succeeded */
    eventRef: text('event_ref'),
    etag: text('etag'),
    /** the instants last written, to skip a move that changes nothing */
    writtenStartsAt: timestamp('written_starts_at', { withTimezone: true }),
    writtenEndsAt: timestamp('written_ends_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('appointment_calendar_events_target').on(t.appointmentId, t.externalCalendarId),
    index('appointment_calendar_events_uid_idx').on(t.eventUid),
  ],
);

/**
 * The private ICS feed of a professional's appointments. The URL's token is an HMAC of (user, generation)
 * and is never stored; "regenerate" bumps the generation, so every older URL stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  ...timestamps,
});

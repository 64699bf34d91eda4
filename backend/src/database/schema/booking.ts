import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './availability';
import { teams } from './directory';

// Booking and notifications. The `appointments` table itself lives in availability.ts.

/**
 * Booking facts that are not part of the shared `appointments` row, one row per appointment:
 * visio link, who created / cancelled it and why, refusal reason.
 */
export const appointmentDetails = pgTable(
  'appointment_details',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** attendee (online booking) | user (created by hand by the professional) */
    createdBy: text('created_by').notNull().default('attendee'),
    visioUrl: text('visio_url'),
    refusalReason: text('refusal_reason'),
    cancelledBy: text('cancelled_by'),
    cancellationReason: text('cancellation_reason'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The client as the professional typed them on an appointment entered by hand. The professional is shown
     * these, never the linked account's own details: naming an address grants nothing of that account.
     */
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactPhone: text('contact_phone'),
    contactPhoneCountryCode: text('contact_phone_country_code'),
  },
  (t) => [
    check('appointment_details_created_by', sql`${t.createdBy} IN ('attendee', 'user')`),
    check(
      'appointment_details_cancelled_by',
      sql`${t.cancelledBy} IS NULL OR ${t.cancelledBy} IN ('attendee', 'user')`,
    ),
  ],
);

/**
 * The client's request to move a confirmed appointment: the proposed range holds its slot while the
 * appointment keeps its confirmed one, until the professional accepts (the appointment moves there and this
 * row goes) or refuses (this row goes). One per appointment; a new proposal replaces the previous one.
 * Two proposals never overlap (exclusion constraint of the migration); a proposal against an appointment is
 * checked under the agenda lock, which every appointment write takes (a constraint cannot span two tables).
 */
export const appointmentRescheduleRequests = pgTable(
  'appointment_reschedule_requests',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_reschedule_requests_user_idx').on(t.userId, t.startsAt),
    check('appointment_reschedule_requests_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * `Idempotency-Key` of create-event: the first request with a key stores the answer (status + body) in the
 * same transaction as its effect; a later request with the same key and the same body gets that answer
 * again, with another body a 422. The primary key serialises concurrent requests with one key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** Mail templates (Handlebars) overriding the built-in defaults, by key (e.g. `appointment.validated.attendee`). */
export const mailTemplates = pgTable('mail_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The office's team messaging tool: an incoming-webhook URL (POST JSON `{ text }`) and a Handlebars message template. */
export const teamChatSettings = pgTable('team_chat_settings', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  webhookUrl: text('webhook_url').notNull(),
  /** null = the default chat message */
  messageTemplate: text('message_template'),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The professional asked the attendee for availabilities (mail with a link to /events-responses/{id_event}). */
export const availabilityRequests = pgTable(
  'availability_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('availability_requests_appointment_idx').on(t.appointmentId, t.createdAt)],
);

/** What the attendee answered on /events-responses/{id_event}. */
export const eventResponses = pgTable(
  'event_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    availabilities: jsonb('availabilities').notNull().$type<{ start: string; end: string }[]>(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_responses_appointment_idx').on(t.appointmentId, t.createdAt)],
);

/** Reminder of an appointment at a given start: the primary key makes the reminder cron idempotent. */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.startsAt] })],
);

export const NOTIFICATION_CHANNELS = ['mail', 'sms', 'chat'] as const;
export const DELIVERY_STATUSES = ['sending', 'sent'] as const;

/**
 * One row per message (job x channel x recipient), keyed by `dedupe_key`. The worker records the intent
 * with a lease (`sending`, `lease_until`) and commits it BEFORE talking to SMTP, sends with a deterministic
 * Message-ID, then marks it `sent`. A retried job skips `sent` rows and rows whose lease is still running.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    templateKey: text('template_key'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('sending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    subject: text('subject'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_dedupe_key').on(t.dedupeKey),
    index('notification_deliveries_appointment_idx').on(t.appointmentId),
    // What was sent to an address or a phone (a client's GDPR export and erasure) without reading every delivery.
    index('notification_deliveries_recipient_idx').on(t.recipient),
    check('notification_deliveries_channel', sql`${t.channel} IN ('mail', 'sms', 'chat')`),
    check('notification_deliveries_status', sql`${t.status} IN ('sending', 'sent')`),
  ],
);

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { attendees } from './accounts';
import { motives } from './availability';
import { users } from './directory';

/**
 * "Tell me if an earlier slot frees up": a client's wish for a slot of this professional
 * and motive starting before `before`. At most one alert a day; it ends when cancelled from the mail or at
 * `expiresAt` (the slot the client already had, or 30 days). Nothing is sent before the address is confirmed
 * from the link mailed to it (`confirmedAt`); an alert still unconfirmed 48 hours after it was asked is deleted.
 */
export const slotAlerts = pgTable(
  'slot_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    motiveId: uuid('motive_id')
      .notNull()
      .references(() => motives.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    /** The signed-in client who asked: told by SMS too while their phone is verified. */
    attendeeId: uuid('attendee_id').references(() => attendees.id, { onDelete: 'set null' }),
    before: timestamp('before', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set when the link mailed to the address was opened: only confirmed alerts are ever told. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('slot_alerts_active_idx')
      .on(t.userId, t.motiveId, t.createdAt)
      .where(sql`${t.cancelledAt} IS NULL`),
    uniqueIndex('slot_alerts_one_per_email')
      .on(t.userId, t.motiveId, t.email)
      .where(sql`${t.cancelledAt} IS NULL`),
    // A client's alerts, by account or by address, cancelled ones included (their GDPR export and erasure).
    index('slot_alerts_attendee_idx').on(t.attendeeId),
    index('slot_alerts_email_idx').on(t.email),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * When the scan last computed this alert's free slots (null: never, a new or renewed alert). The sweep
     * takes the oldest first, so every alert is looked at in turn; an alert found ended (expired, or its
     * date passed) gets 'infinity' and leaves the front of that order for good.
     */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
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
    // The sweep of the scan: confirmed active alerts, never checked first, then the longest unchecked.
    index('slot_alerts_sweep_idx')
      .on(t.lastCheckedAt.asc().nullsFirst(), t.id)
      .where(sql`${t.cancelledAt} IS NULL AND ${t.confirmedAt} IS NOT NULL`),
  ],
);

/**
 * "This professional's free slots may have grown": written by database triggers (see the migration
 * `slot_alerts_change_marks`) in the transaction of whatever can free a slot: an appointment cancelled, refused,
 * expired, moved or deleted; a reschedule proposal withdrawn or moved; weekly hours added or changed; an
 * unavailability or holiday removed or shortened; a busy range of a synced calendar removed; availability
 * settings or a motive's rules changed. Triggers rather than calls in each write path: no path (a new one, the
 * console, a cascade) can forget it. The alert scan reads these marks oldest first and deletes the ones it
 * handled. No foreign key: a mark written while a professional's rows go with their account must not fail,
 * and a mark of a professional who is gone finds no alert.
 */
export const slotAvailabilityChanges = pgTable('slot_availability_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

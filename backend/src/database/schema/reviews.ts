import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attendees } from './accounts';
import { appointments } from './availability';
import { users } from './directory';

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendeeId: uuid('attendee_id').references(() => attendees.id, { onDelete: 'set null' }),
    /** The meeting reviewed, from the link mailed after it: one review per appointment. */
    appointmentId: uuid('appointment_id')
      .unique()
      .references(() => appointments.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    authorName: text('author_name'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Why a moderator rejected it (kept for the audit; never shown publicly). */
    rejectionReason: text('rejection_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status_valid', sql`${t.status} IN ('pending', 'published', 'rejected')`),
    index('reviews_user_id_status_idx').on(t.userId, t.status),
    // A client's reviews (their GDPR export and erasure) without reading every review.
    index('reviews_attendee_id_idx').on(t.attendeeId),
  ],
);

import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Non-transactional mails an address can stop for good (one-click unsubscribe, RFC 8058). */
export const SUPPRESSIBLE_MAILS = ['review_invitation', 'sponsorship_invitation'] as const;
export type SuppressibleMail = (typeof SUPPRESSIBLE_MAILS)[number];

/** "Ne plus recevoir ces emails": the senders of that kind skip the address (lower-case). */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email: text('email').notNull(),
    kind: text('kind', { enum: SUPPRESSIBLE_MAILS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.kind] }),
    check('mail_suppressions_kind_values', sql`${t.kind} IN ('review_invitation', 'sponsorship_invitation')`),
    check('mail_suppressions_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

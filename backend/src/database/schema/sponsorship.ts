import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './directory';

/** A colleague a professional invited by email from /user/parrainage (one row per sponsor and address). */
export const referralInvitations = pgTable(
  'referral_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sponsorId: uuid('sponsor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case: the invitation turns into "signed up" when a professional account has this address. */
    email: text('email').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('referral_invitations_sponsor_email').on(t.sponsorId, t.email),
    index('referral_invitations_email_idx').on(t.email),
  ],
);

/**
 * Where a sponsor's rewards are paid. IBAN, BIC and holder are sealed together (AES-256-GCM, bound to the
 * professional's id): the database never holds them in clear; `maskedIban` (FR76 •••• 1234) is what screens show.
 */
export const sponsorBankDetails = pgTable('sponsor_bank_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ciphertext: text('ciphertext').notNull(),
  keyId: text('key_id').notNull(),
  maskedIban: text('masked_iban').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './directory';

/**
 * A professional's connected account at the payment provider (Stripe Connect): the clients' payments go to it,
 * the platform keeps its commission. Opened when the professional starts the provider's hosted onboarding; the
 * flags are copied from the provider (the return from onboarding and the `account.updated` event), never set
 * by us: a paid motive needs `charges_enabled`.
 */
export const paymentAccounts = pgTable('payment_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

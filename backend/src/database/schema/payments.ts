import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './availability';
import { users } from './directory';

export const APPOINTMENT_PAYMENT_STATUSES = [
  /** the slot is held while the client is on the provider's hosted page */
  'awaiting_payment',
  /** the card is authorised (or saved, for a meeting too far ahead): nothing is charged yet */
  'authorized',
  /** charged: captured when the professional validated */
  'captured',
  /** the client got everything back (authorisation cancelled or refunded in full) */
  'refunded',
  /** part of the price was refunded (client cancellation after the deadline, "half") */
  'partially_refunded',
  /** the hold ran out without payment: the slot was offered again */
  'expired',
  /** full legal aid declared: booked without paying */
  'legal_aid',
  /** the saved payment method was refused when charged at validation */
  'failed',
] as const;
export type AppointmentPaymentStatus = (typeof APPOINTMENT_PAYMENT_STATUSES)[number];

/**
 * The payment of an appointment booked on a paid motive, one row per appointment. The price and the
 * cancellation rule are copied from the motive at booking: a later change of the motive never changes what
 * the client accepted. `refund_due_cents` is what the client is owed back (decided under the agenda lock when
 * the appointment ends); the settle job makes the provider's state match it.
 */
export const appointmentPayments = pgTable(
  'appointment_payments',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPOINTMENT_PAYMENT_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundDueCents: integer('refund_due_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    cancellationDeadlineHours: integer('cancellation_deadline_hours').notNull(),
    lateCancellationRefund: text('late_cancellation_refund').notNull(),
    legalAid: boolean('legal_aid').notNull().default(false),
    /** Meeting too far ahead for an authorisation to last: the method is saved and charged at validation. */
    chargeAtValidation: boolean('charge_at_validation').notNull().default(false),
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id'),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The professional's connected account the payment goes to, and the platform's commission kept on it. */
    destinationAccountId: text('destination_account_id'),
    applicationFeeCents: integer('application_fee_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_payments_user_idx').on(t.userId, t.createdAt),
    check(
      'appointment_payments_status_values',
      sql`${t.status} IN ('awaiting_payment', 'authorized', 'captured', 'refunded', 'partially_refunded', 'expired', 'legal_aid', 'failed')`,
    ),
    check('appointment_payments_amount_positive', sql`${t.amountCents} >= 0`),
    check(
      'appointment_payments_refund_bounds',
      sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents} AND ${t.refundDueCents} BETWEEN 0 AND ${t.amountCents}`,
    ),
  ],
);

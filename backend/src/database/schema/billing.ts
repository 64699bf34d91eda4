import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './directory';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The professional's customer at the payment provider (one per professional, made on first checkout). */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Our mirror of a Stripe subscription. Stripe is the source of truth for payment state: every webhook
 * re-reads the subscription from the API and overwrites this row, so events arriving out of order or twice
 * leave the same state; the nightly reconciliation compares the two and reports drift.
 * The dunning columns (past due, formal notice, suspension) are ours: the terms' notice period.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    /** Stripe's status: incomplete, active, past_due, canceled, unpaid... */
    status: text('status').notNull(),
    priceId: text('price_id').notNull(),
    /** Monthly amount excluding VAT of the current price, in cents. */
    unitAmount: integer('unit_amount').notNull(),
    scheduleId: text('schedule_id'),
    /** End of the introductory phase (the schedule's first phase); null once released or without schedule. */
    introEndsAt: timestamp('intro_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** "SEPA •••• 3000", "Visa •••• 4242": what screens show of the payment method. */
    paymentMethodLabel: text('payment_method_label'),
    /** First failed debit not yet paid: the dunning clock starts here. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    failedPayments: integer('failed_payments').notNull().default(0),
    formalNoticeAt: timestamp('formal_notice_at', { withTimezone: true }),
    /**
     * When the subscription started at Stripe (`start_date`): what the revenue and churn figures count from. The
     * mirror's own row may be written later (a webhook applied late, a row the nightly reconciliation created).
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId)],
);

/** Every webhook event received, once (its id): a redelivery finds its row and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * The issuer printed on invoices (the console's company settings). One row per issuing company; the
 * invoice numbering runs per company (`nextNumber`, taken with the row locked in the payment's transaction).
 */
export const billingCompanies = pgTable('billing_companies', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  legalForm: text('legal_form').notNull(),
  /** Share capital in euros, as printed ("10 000 €"). */
  capital: text('capital').notNull(),
  siren: text('siren').notNull(),
  siret: text('siret').notNull(),
  rcs: text('rcs').notNull(),
  vatNumber: text('vat_number').notNull(),
  street: text('street').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  email: text('email').notNull(),
  /** Invoice number prefix ("F"): numbers read F2026-000001. */
  invoicePrefix: text('invoice_prefix').notNull().default('F'),
  nextNumber: bigint('next_number', { mode: 'number' }).notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The customer's firm on invoices, entered by the professional in "Mon abonnement". */
export const billingProfiles = pgTable('billing_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  firmName: text('firm_name').notNull(),
  siren: text('siren'),
  street: text('street').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Our invoices and credit notes. Written once, in the transaction of the payment (or refund) event, with
 * every mention frozen in `document` (issuer, customer, lines, totals) and the Factur-X PDF beside it;
 * a trigger refuses UPDATE and DELETE (kept ten years, never edited: a mistake is corrected by a credit note).
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: smallint('company_id')
      .notNull()
      .references(() => billingCompanies.id),
    /** Sequential per company, without gaps: the number printed is prefix + year + this. */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    stripeInvoiceId: text('stripe_invoice_id'),
    /** The invoice a credit note cancels (in whole or part). */
    creditedInvoiceId: uuid('credited_invoice_id'),
    issuedOn: date('issued_on').notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    totalHt: integer('total_ht').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalTtc: integer('total_ttc').notNull(),
    /** Every mention as printed (issuer, customer, lines, terms): the invoice stays what it was. */
    document: jsonb('document').notNull(),
    pdf: bytea('pdf').notNull(),
    facturxXml: text('facturx_xml').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('billing_invoices_company_sequence').on(t.companyId, t.sequence),
    unique('billing_invoices_number').on(t.number),
    // One invoice per paid Stripe invoice: a redelivered payment event finds it.
    unique('billing_invoices_stripe_kind').on(t.stripeInvoiceId, t.kind),
    index('billing_invoices_user_idx').on(t.userId, t.issuedOn),
    check('billing_invoices_totals', sql`${t.totalTtc} = ${t.totalHt} + ${t.totalVat}`),
  ],
);

/** What the e-invoicing platform (PDP) port would transmit; the local adapter stores it here. */
export const einvoiceTransmissions = pgTable('einvoice_transmissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .unique()
    .references(() => billingInvoices.id),
  adapter: text('adapter').notNull(),
  payload: text('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The nightly reconciliation's findings: each difference between Stripe and our mirror. */
export const billingDrifts = pgTable('billing_drifts', {
  id: uuid('id').primaryKey().defaultRandom(),
  stripeSubscriptionId: text('stripe_subscription_id').notNull(),
  field: text('field').notNull(),
  ours: text('ours'),
  theirs: text('theirs'),
  detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
});

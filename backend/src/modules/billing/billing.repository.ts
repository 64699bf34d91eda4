import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  billingCompanies,
  billingCustomers,
  billingDrifts,
  billingInvoices,
  billingProfiles,
  billingSubscriptions,
  einvoiceTransmissions,
  mailTemplates,
  stripeEvents,
  users,
} from '../../database/schema';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type SubscriptionMirror = Omit<
  SubscriptionRow,
  'pastDueSince' | 'failedPayments' | 'formalNoticeAt' | 'createdAt' | 'syncedAt'
>;
export type CompanyRow = typeof billingCompanies.$inferSelect;
export type CompanyFields = Omit<CompanyRow, 'id' | 'nextNumber' | 'updatedAt'>;
export type ProfileRow = typeof billingProfiles.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type NewInvoice = typeof billingInvoices.$inferInsert;
export type InvoiceSummary = Omit<InvoiceRow, 'pdf' | 'facturxXml'>;

export interface BillingUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  street: string | null;
  postalCode: string | null;
  cityName: string | null;
  billingSuspendedAt: Date | null;
  subscribedAt: Date | null;
}

export type SubscriptionWithProfessional = SubscriptionRow & {
  professional: { firstName: string | null; lastName: string | null; email: string } | null;
  billingSuspendedAt: Date | null;
};
export type AdminSubscriptionSort = 'createdAt' | 'status' | 'currentPeriodEnd' | 'failedPayments';
export type AdminInvoiceSort = 'sequence' | 'issuedOn' | 'totalTtc';
export type InvoiceWithCredit = InvoiceSummary & { credited: number };

function withProfessional(row: {
  subscription: SubscriptionRow;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  billingSuspendedAt: Date | null;
}): SubscriptionWithProfessional {
  const { subscription, firstName, lastName, email, billingSuspendedAt } = row;
  return {
    ...subscription,
    professional: email === null ? null : { firstName, lastName, email },
    billingSuspendedAt,
  };
}

/** The only issuing company today; the numbering is per company all the same. */
export const COMPANY_ID = 1;

const summaryColumns = {
  id: billingInvoices.id,
  companyId: billingInvoices.companyId,
  sequence: billingInvoices.sequence,
  number: billingInvoices.number,
  kind: billingInvoices.kind,
  userId: billingInvoices.userId,
  stripeInvoiceId: billingInvoices.stripeInvoiceId,
  creditedInvoiceId: billingInvoices.creditedInvoiceId,
  issuedOn: billingInvoices.issuedOn,
  periodStart: billingInvoices.periodStart,
  periodEnd: billingInvoices.periodEnd,
  totalHt: billingInvoices.totalHt,
  vatRate: billingInvoices.vatRate,
  totalVat: billingInvoices.totalVat,
  totalTtc: billingInvoices.totalTtc,
  document: billingInvoices.document,
  createdAt: billingInvoices.createdAt,
};

/** What credit notes took back from an invoice, summed in the same statement. */
const invoiceWithCreditColumns = {
  ...summaryColumns,
  // Spelled out: drizzle may print the outer column unqualified, which the aliased inner table would capture.
  credited: sql<number>`(SELECT coalesce(sum(c.total_ttc), 0)::int FROM billing_invoices c
    WHERE c.credited_invoice_id = billing_invoices.id)`.mapWith(Number),
};

@Injectable()
export class BillingRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  // ---- webhook events ----------------------------------------------------------------------------
  /** Stores the event unless its id is known; true when it is new (and must be processed). */
  async storeEvent(tx: DbOrTx, event: { id: string; type: string; payload: unknown }): Promise<boolean> {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    return inserted.length === 1;
  }

  /** The event, locked until the processing transaction ends (two deliveries of its job never overlap). */
  async lockEvent(tx: DbOrTx, id: string) {
    const rows = await tx.select().from(stripeEvents).where(eq(stripeEvents.id, id)).for('update');
    return rows[0];
  }

  async markProcessed(tx: DbOrTx, id: string, at: Date): Promise<void> {
    await tx.update(stripeEvents).set({ processedAt: at }).where(eq(stripeEvents.id, id));
  }

  // ---- customers and profiles ----------------------------------------------------------------------
  async customerOf(userId: string, db: DbOrTx = this.db): Promise<string | undefined> {
    const rows = await db
      .select({ id: billingCustomers.stripeCustomerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    return rows[0]?.id;
  }

  /** Records the customer; answers the one stored if another request made it first. */
  async saveCustomer(userId: string, stripeCustomerId: string): Promise<string> {
    await this.db.insert(billingCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing();
    return (await this.customerOf(userId))!;
  }

  async userOfCustomer(tx: DbOrTx, stripeCustomerId: string): Promise<string | undefined> {
    const rows = await tx
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
    return rows[0]?.userId;
  }

  async user(userId: string, db: DbOrTx = this.db): Promise<BillingUser | undefined> {
    const { rows } = await db.execute<{
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      street: string | null;
      postal_code: string | null;
      city_name: string | null;
      billing_suspended_at: Date | string | null;
      subscribed_at: Date | string | null;
    }>(sql`SELECT u.id, u.email, u.first_name, u.last_name, u.street, u.postal_code, c.name AS city_name,
                  u.billing_suspended_at, u.subscribed_at
           FROM users u LEFT JOIN cities c ON c.id = u.city_id WHERE u.id = ${userId}`);
    const row = rows[0];
    if (!row) return undefined;
    const date = (value: Date | string | null) => (value ? new Date(value) : null);
    return {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      street: row.street,
      postalCode: row.postal_code,
      cityName: row.city_name,
      billingSuspendedAt: date(row.billing_suspended_at),
      subscribedAt: date(row.subscribed_at),
    };
  }

  async profile(userId: string, db: DbOrTx = this.db): Promise<ProfileRow | undefined> {
    const rows = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
    return rows[0];
  }

  async saveProfile(userId: string, fields: Omit<ProfileRow, 'userId' | 'updatedAt'>): Promise<void> {
    await this.db
      .insert(billingProfiles)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...fields, updatedAt: sql`now()` } });
  }

  // ---- subscriptions ------------------------------------------------------------------------------
  /** Overwrites the mirror with what Stripe says now; our dunning columns are left as they are. */
  async upsertSubscription(tx: DbOrTx, mirror: SubscriptionMirror): Promise<void> {
    const { stripeSubscriptionId, ...fields } = mirror;
    await tx
      .insert(billingSubscriptions)
      .values(mirror)
      .onConflictDoUpdate({
        target: billingSubscriptions.stripeSubscriptionId,
        set: { ...fields, syncedAt: sql`now()` },
      });
    void stripeSubscriptionId;
  }

  async subscription(
    stripeSubscriptionId: string,
    db: DbOrTx = this.db,
  ): Promise<SubscriptionRow | undefined> {
    const rows = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
    return rows[0];
  }

  /** The professional's current subscription: the live one, else the latest. */
  async currentSubscription(userId: string, db: DbOrTx = this.db): Promise<SubscriptionRow | undefined> {
    const rows = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, userId))
      .orderBy(
        sql`CASE WHEN ${billingSubscriptions.status} IN ('active','past_due','trialing','unpaid') THEN 0 ELSE 1 END`,
        desc(billingSubscriptions.createdAt),
      )
      .limit(1);
    return rows[0];
  }

  /**
   * One page of the console's subscription list, each row with its professional (one query for the rows, one for the
   * count; never one per row). `q` matches the professional's name or email.
   */
  async subscriptionsPage(
    filter: { status?: string; q?: string },
    sort: { field: AdminSubscriptionSort; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: SubscriptionWithProfessional[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(billingSubscriptions.status, filter.status));
    if (filter.q) {
      const pattern = `%${filter.q}%`;
      conditions.push(
        or(
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ) as SQL,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const column = billingSubscriptions[sort.field];
    const [rows, [{ total }]] = await Promise.all([
      this.subscriptionsWithProfessionalsQuery()
        .where(where)
        .orderBy(
          sort.order === 'DESC' ? desc(column) : asc(column),
          asc(billingSubscriptions.stripeSubscriptionId),
        )
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: count() })
        .from(billingSubscriptions)
        .leftJoin(users, eq(users.id, billingSubscriptions.userId))
        .where(where),
    ]);
    return { rows: rows.map(withProfessional), total };
  }

  /** One subscription with its professional: the console's subscription page. */
  async subscriptionWithProfessional(
    stripeSubscriptionId: string,
  ): Promise<SubscriptionWithProfessional | undefined> {
    const [row] = await this.subscriptionsWithProfessionalsQuery().where(
      eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId),
    );
    return row && withProfessional(row);
  }

  private subscriptionsWithProfessionalsQuery() {
    return this.db
      .select({
        subscription: billingSubscriptions,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        billingSuspendedAt: users.billingSuspendedAt,
      })
      .from(billingSubscriptions)
      .leftJoin(users, eq(users.id, billingSubscriptions.userId))
      .$dynamic();
  }

  async allSubscriptions(db: DbOrTx = this.db): Promise<SubscriptionRow[]> {
    return db.select().from(billingSubscriptions).orderBy(asc(billingSubscriptions.createdAt));
  }

  /** A failed debit: starts the dunning clock unless it runs already. */
  async recordFailure(tx: DbOrTx, stripeSubscriptionId: string, attempts: number, at: Date): Promise<void> {
    await tx
      .update(billingSubscriptions)
      .set({
        pastDueSince: sql`COALESCE(${billingSubscriptions.pastDueSince}, ${at.toISOString()}::timestamptz)`,
        failedPayments: sql`GREATEST(${billingSubscriptions.failedPayments}, ${attempts})`,
      })
      .where(eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  }

  async clearDunning(tx: DbOrTx, stripeSubscriptionId: string): Promise<void> {
    await tx
      .update(billingSubscriptions)
      .set({ pastDueSince: null, formalNoticeAt: null, failedPayments: 0 })
      .where(eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  }

  /** Past-due subscriptions whose formal notice is due: claimed (stamped) in the caller's transaction. */
  async claimFormalNotices(tx: DbOrTx, dueBefore: Date, at: Date): Promise<SubscriptionRow[]> {
    return tx
      .update(billingSubscriptions)
      .set({ formalNoticeAt: at })
      .where(
        and(
          sql`${billingSubscriptions.pastDueSince} <= ${dueBefore.toISOString()}::timestamptz`,
          sql`${billingSubscriptions.formalNoticeAt} IS NULL`,
          sql`${billingSubscriptions.status} IN ('past_due','unpaid')`,
        ),
      )
      .returning();
  }

  /** Suspends the professionals whose formal notice went unanswered since `noticeBefore`; answers who. */
  async suspendOverdue(tx: DbOrTx, noticeBefore: Date, at: Date): Promise<string[]> {
    const { rows } = await tx.execute<{ id: string }>(sql`
      UPDATE users u SET billing_suspended_at = ${at.toISOString()}::timestamptz
      FROM billing_subscriptions s
      WHERE s.user_id = u.id AND u.billing_suspended_at IS NULL
        AND s.formal_notice_at <= ${noticeBefore.toISOString()}::timestamptz
        AND s.past_due_since IS NOT NULL
      RETURNING u.id`);
    return rows.map((row) => row.id);
  }

  /** Lifts the suspension; true when there was one. */
  async restore(tx: DbOrTx, userId: string): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ billingSuspendedAt: null })
      .where(and(eq(users.id, userId), sql`${users.billingSuspendedAt} IS NOT NULL`))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  /** The referral counts from the first paid invoice: set once, never moved. */
  async markSubscribed(tx: DbOrTx, userId: string, at: Date): Promise<void> {
    await tx
      .update(users)
      .set({ subscribedAt: at })
      .where(and(eq(users.id, userId), sql`${users.subscribedAt} IS NULL`));
  }

  async recordDrift(
    tx: DbOrTx,
    drift: { stripeSubscriptionId: string; field: string; ours: string | null; theirs: string | null },
  ) {
    await tx.insert(billingDrifts).values(drift);
  }

  // ---- company and invoices -----------------------------------------------------------------------
  async company(db: DbOrTx = this.db): Promise<CompanyRow | undefined> {
    const rows = await db.select().from(billingCompanies).where(eq(billingCompanies.id, COMPANY_ID));
    return rows[0];
  }

  async saveCompany(fields: CompanyFields): Promise<CompanyRow> {
    const rows = await this.db
      .insert(billingCompanies)
      .values({ id: COMPANY_ID, ...fields })
      .onConflictDoUpdate({ target: billingCompanies.id, set: { ...fields, updatedAt: sql`now()` } })
      .returning();
    return rows[0];
  }

  /**
   * Locks the issuing company's row until the transaction ends: invoices of concurrent payment events are
   * numbered one after the other, and a rolled-back transaction gives its number back (no gap).
   */
  async lockCompany(tx: DbOrTx): Promise<CompanyRow | undefined> {
    const rows = await tx
      .select()
      .from(billingCompanies)
      .where(eq(billingCompanies.id, COMPANY_ID))
      .for('update');
    return rows[0];
  }

  async takeNumber(tx: DbOrTx, companyId: number): Promise<number> {
    const rows = await tx
      .update(billingCompanies)
      .set({ nextNumber: sql`${billingCompanies.nextNumber} + 1` })
      .where(eq(billingCompanies.id, companyId))
      .returning({ next: billingCompanies.nextNumber });
    return rows[0].next - 1;
  }

  async invoiceOfStripe(
    tx: DbOrTx,
    stripeInvoiceId: string,
    kind: 'invoice' | 'credit_note',
  ): Promise<InvoiceSummary | undefined> {
    const rows = await tx
      .select(summaryColumns)
      .from(billingInvoices)
      .where(and(eq(billingInvoices.stripeInvoiceId, stripeInvoiceId), eq(billingInvoices.kind, kind)));
    return rows[0];
  }

  async insertInvoice(tx: DbOrTx, invoice: NewInvoice): Promise<InvoiceSummary> {
    const rows = await tx.insert(billingInvoices).values(invoice).returning(summaryColumns);
    return rows[0];
  }

  async invoicesOf(userId: string, db: DbOrTx = this.db): Promise<InvoiceSummary[]> {
    return db
      .select(summaryColumns)
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, userId))
      .orderBy(desc(billingInvoices.sequence));
  }

  async invoice(id: string, db: DbOrTx = this.db): Promise<InvoiceRow | undefined> {
    const rows = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
    return rows[0];
  }

  /**
   * One page of the console's invoice list, each row with the amount its credit notes took back. `q` matches the
   * number or the customer's name as printed.
   */
  async invoicesPage(
    filter: { kind?: 'invoice' | 'credit_note'; userId?: string; q?: string; ids?: string[] },
    sort: { field: AdminInvoiceSort; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: InvoiceWithCredit[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.kind) conditions.push(eq(billingInvoices.kind, filter.kind));
    if (filter.userId) conditions.push(eq(billingInvoices.userId, filter.userId));
    if (filter.ids) conditions.push(filter.ids.length ? inArray(billingInvoices.id, filter.ids) : sql`false`);
    if (filter.q) {
      const pattern = `%${filter.q}%`;
      conditions.push(
        or(
          ilike(billingInvoices.number, pattern),
          ilike(sql`${billingInvoices.document} -> 'customer' ->> 'name'`, pattern),
        ) as SQL,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const column = billingInvoices[sort.field];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(invoiceWithCreditColumns)
        .from(billingInvoices)
        .where(where)
        .orderBy(sort.order === 'DESC' ? desc(column) : asc(column), desc(billingInvoices.sequence))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(billingInvoices).where(where),
    ]);
    return { rows, total };
  }

  /** One invoice or credit note with what was credited on it, without its PDF. */
  async invoiceWithCredit(id: string): Promise<InvoiceWithCredit | undefined> {
    const [row] = await this.db
      .select(invoiceWithCreditColumns)
      .from(billingInvoices)
      .where(eq(billingInvoices.id, id));
    return row;
  }

  async creditedTotal(tx: DbOrTx, invoiceId: string): Promise<number> {
    const { rows } = await tx.execute<{ total: string | null }>(
      sql`SELECT sum(total_ttc) AS total FROM billing_invoices WHERE credited_invoice_id = ${invoiceId}`,
    );
    return Number(rows[0]?.total ?? 0);
  }

  async storeTransmission(tx: DbOrTx, invoiceId: string, adapter: string, payload: string): Promise<void> {
    await tx.insert(einvoiceTransmissions).values({ invoiceId, adapter, payload }).onConflictDoNothing();
  }

  async mailTemplate(key: string, db: DbOrTx = this.db) {
    const rows = await db
      .select({ subject: mailTemplates.subject, html: mailTemplates.html, text: mailTemplates.text })
      .from(mailTemplates)
      .where(eq(mailTemplates.key, key));
    return rows[0];
  }
}

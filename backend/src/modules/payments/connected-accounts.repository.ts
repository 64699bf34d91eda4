import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { appointmentPayments, paymentAccounts, users } from '../../database/schema';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

/** The professionals' connected accounts and the month's figures of their payments. */
@Injectable()
export class ConnectedAccountsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async byUser(userId: string, db: DbOrTx = this.db): Promise<PaymentAccountRow | undefined> {
    const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
    return row;
  }

  async professional(userId: string): Promise<{ email: string } | undefined> {
    const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row;
  }

  /** The account opened for the professional; the first one stays when two starts race. */
  async insert(userId: string, stripeAccountId: string): Promise<PaymentAccountRow> {
    await this.db.insert(paymentAccounts).values({ userId, stripeAccountId }).onConflictDoNothing();
    return (await this.byUser(userId))!;
  }

  /** Copies the provider's flags; false when the account is not one of ours. */
  async applyFlags(
    stripeAccountId: string,
    flags: { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean },
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const updated = await db
      .update(paymentAccounts)
      .set({ ...flags, updatedAt: sql`now()` })
      .where(eq(paymentAccounts.stripeAccountId, stripeAccountId))
      .returning({ userId: paymentAccounts.userId });
    return updated.length > 0;
  }

  /** The console's list: every professional who opened an account, with its state. */
  listAll(limit: number, offset: number) {
    return this.db
      .select({
        userId: paymentAccounts.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        stripeAccountId: paymentAccounts.stripeAccountId,
        chargesEnabled: paymentAccounts.chargesEnabled,
        payoutsEnabled: paymentAccounts.payoutsEnabled,
        detailsSubmitted: paymentAccounts.detailsSubmitted,
        updatedAt: paymentAccounts.updatedAt,
      })
      .from(paymentAccounts)
      .innerJoin(users, eq(users.id, paymentAccounts.userId))
      .orderBy(asc(users.lastName), asc(users.firstName))
      .limit(limit)
      .offset(offset);
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(paymentAccounts);
    return row.n;
  }

  /**
   * The figures of [from, to): captured payments and the platform's commission by capture date, refunds by
   * refund date (a refund counts in the month it was made, whichever month the payment was), with the share of
   * the commission they gave back taken off the commission of that month.
   */
  async monthFigures(
    userId: string,
    from: Date,
    to: Date,
  ): Promise<{ paymentsCents: number; commissionCents: number; refundsCents: number }> {
    const p = appointmentPayments;
    const [captured] = await this.db
      .select({
        payments: sql<number>`coalesce(sum(${p.amountCents}), 0)::int`,
        commission: sql<number>`coalesce(sum(${p.applicationFeeCents}), 0)::int`,
      })
      .from(p)
      .where(and(eq(p.userId, userId), gte(p.capturedAt, from), lt(p.capturedAt, to)));
    // Refunds after a capture only: a cancelled authorisation never took anything.
    // A refund gives back the same share of the platform's commission (refund_application_fee).
    const [refunded] = await this.db
      .select({
        refunds: sql<number>`coalesce(sum(${p.refundedCents}), 0)::int`,
        feeRefunds: sql<number>`coalesce(sum(round(${p.applicationFeeCents}::numeric * ${p.refundedCents} / ${p.amountCents})), 0)::int`,
      })
      .from(p)
      .where(
        and(
          eq(p.userId, userId),
          sql`${p.capturedAt} IS NOT NULL`,
          gte(p.refundedAt, from),
          lt(p.refundedAt, to),
        ),
      );
    return {
      paymentsCents: captured.payments,
      commissionCents: captured.commission - refunded.feeRefunds,
      refundsCents: refunded.refunds,
    };
  }
}

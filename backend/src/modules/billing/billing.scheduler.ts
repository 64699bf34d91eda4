import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { Transactions } from '../../database/database.module';
import { Clock } from '../identity';
import { BillingMails } from './billing-mails';
import { BillingRepository, type SubscriptionMirror } from './billing.repository';
import { SubscriptionSync } from './subscription-sync';

const DAY = 86_400_000;
/** Days after the first failed debit (Stripe has retried meanwhile) before the formal notice is mailed. */
export const FORMAL_NOTICE_AFTER_DAYS = 10;
/** The terms' notice period: the profile is suspended this many days after an unanswered formal notice. */
export const SUSPENSION_NOTICE_DAYS = 15;

/** The mirror's fields compared with Stripe every night. */
const COMPARED = [
  'status',
  'priceId',
  'cancelAtPeriodEnd',
  'currentPeriodEnd',
  'paymentMethodLabel',
] as const;
const show = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/**
 * Nightly billing work (worker): reconciliation of our mirror with Stripe (each difference is recorded in
 * billing_drifts and logged, then the mirror takes Stripe's value), and the dunning steps that follow a
 * failed debit: formal notice, then suspension of the profile after the terms' notice period.
 */
@Injectable()
export class BillingScheduler {
  private readonly logger = new Logger(BillingScheduler.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly mails: BillingMails,
    private readonly clock: Clock,
  ) {}

  @Cron('0 20 3 * * *', { name: 'billing-nightly', timeZone: 'Europe/Paris' })
  async nightly(): Promise<void> {
    try {
      const drifts = await this.reconcile();
      if (drifts > 0)
        this.logger.warn(`billing reconciliation: ${drifts} difference(s) with Stripe, see billing_drifts`);
      await this.dunning();
    } catch (error) {
      this.logger.warn(
        `billing nightly run failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Compares every mirrored subscription with Stripe; answers how many fields differed. */
  async reconcile(): Promise<number> {
    let drifts = 0;
    for (const ours of await this.repository.allSubscriptions()) {
      drifts += await this.transactions.run(async (tx) => {
        const theirs = await this.sync.fetch(tx, ours.stripeSubscriptionId);
        if (!theirs) return 0;
        let found = 0;
        for (const field of COMPARED) {
          const a = show(ours[field]);
          const b = show(theirs[field as keyof SubscriptionMirror]);
          if (a === b) continue;
          found++;
          await this.repository.recordDrift(tx, {
            stripeSubscriptionId: ours.stripeSubscriptionId,
            field,
            ours: a,
            theirs: b,
          });
        }
        if (found > 0) await this.repository.upsertSubscription(tx, theirs);
        return found;
      });
    }
    return drifts;
  }

  /** Formal notices and suspensions due at `now`; answers how many of each were sent. */
  async dunning(now = this.clock.now()): Promise<{ notices: number; suspensions: number }> {
    const noticed = await this.transactions.run(async (tx) => {
      const due = await this.repository.claimFormalNotices(
        tx,
        new Date(now.getTime() - FORMAL_NOTICE_AFTER_DAYS * DAY),
        now,
      );
      for (const subscription of due) {
        const open = await this.sync.stripe.invoices.list({
          subscription: subscription.stripeSubscriptionId,
          status: 'open',
        });
        const amount = open.data.reduce((sum, invoice) => sum + invoice.amount_remaining, 0);
        await this.mails.send(
          tx,
          'billing.formal_notice.professional',
          subscription.userId,
          {
            amount,
            dueSince: subscription.pastDueSince ?? now,
            suspensionDate: new Date(now.getTime() + SUSPENSION_NOTICE_DAYS * DAY),
          },
          `${subscription.stripeSubscriptionId}-${now.getTime()}`,
        );
      }
      return due.length;
    });
    const suspended = await this.transactions.run(async (tx) => {
      const users = await this.repository.suspendOverdue(
        tx,
        new Date(now.getTime() - SUSPENSION_NOTICE_DAYS * DAY),
        now,
      );
      for (const userId of users) {
        const subscription = await this.repository.currentSubscription(userId, tx);
        const open = subscription
          ? await this.sync.stripe.invoices.list({
              subscription: subscription.stripeSubscriptionId,
              status: 'open',
            })
          : { data: [] as { amount_remaining: number }[] };
        await this.mails.send(
          tx,
          'billing.suspended.professional',
          userId,
          {
            amount: open.data.reduce((sum, invoice) => sum + invoice.amount_remaining, 0),
            noticeDate: subscription?.formalNoticeAt ?? now,
          },
          `${userId}-${now.getTime()}`,
        );
      }
      return users.length;
    });
    return { notices: noticed, suspensions: suspended };
  }
}

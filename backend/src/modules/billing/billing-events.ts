import { Inject, Injectable, Logger } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import type Stripe from 'stripe';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx } from '../../database/database.types';
import { Clock } from '../identity';
import { BillingMails } from './billing-mails';
import { BillingRepository } from './billing.repository';
import { InvoicesService } from './invoices.service';
import { SubscriptionSync } from './subscription-sync';

/** Outbox job (notifications queue) that applies one stored Stripe event. */
export const STRIPE_EVENT_JOB = 'billing.stripe-event';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const subscriptionOf = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/**
 * Applies webhook events (worker). Each runs in the job's transaction with the event row locked, and is
 * marked processed in it: a retried job finds it done. Objects are re-read from Stripe, so the order in
 * which events arrive does not matter; the invoice of a payment is numbered in this same transaction.
 */
@Injectable()
export class BillingEvents {
  private readonly logger = new Logger(BillingEvents.name);
  /** Other modules' handlers for events of their own objects (one-off payments), by event type. */
  private readonly handovers = new Map<
    string,
    (tx: DbOrTx, object: Record<string, unknown>) => Promise<boolean>
  >();

  constructor(
    private readonly repository: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly invoices: InvoicesService,
    private readonly mails: BillingMails,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Lets another module apply the events of its own objects (Checkout sessions in payment mode): the handler
   * answers true when the object was its own. One webhook endpoint and one event store serve both.
   */
  handOver(type: string, handler: (tx: DbOrTx, object: Record<string, unknown>) => Promise<boolean>): void {
    this.handovers.set(type, handler);
  }

  async process(tx: DbOrTx, eventId: string): Promise<void> {
    const row = await this.repository.lockEvent(tx, eventId);
    if (!row || row.processedAt) return;
    const event = row.payload as Stripe.Event;
    const object = event.data.object as unknown as Record<string, unknown> & { id: string; object: string };
    const handover = this.handovers.get(event.type);
    if (handover && (await handover(tx, object))) {
      await this.repository.markProcessed(tx, eventId, this.clock.now());
      return;
    }
    switch (event.type) {
      case 'checkout.session.completed':
        await this.checkoutCompleted(tx, object as unknown as Stripe.Checkout.Session);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.sync.sync(tx, object.id);
        break;
      case 'subscription_schedule.created':
      case 'subscription_schedule.updated':
      case 'subscription_schedule.canceled':
      case 'subscription_schedule.released': {
        const subscriptionId = idOf((object as unknown as Stripe.SubscriptionSchedule).subscription);
        if (subscriptionId) await this.sync.sync(tx, subscriptionId);
        break;
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        await this.invoicePaid(tx, object.id);
        break;
      case 'invoice.payment_failed':
        await this.paymentFailed(tx, object.id, event.id);
        break;
      default:
        break; // stored for the record; nothing of ours depends on it
    }
    await this.repository.markProcessed(tx, eventId, this.clock.now());
  }

  /**
   * A subscription bought through Checkout becomes a schedule of two phases: the introductory price for the
   * first months, then the standard one, released into a plain subscription afterwards. Idempotent: a
   * subscription that already has its schedule is left alone.
   */
  private async checkoutCompleted(tx: DbOrTx, session: Stripe.Checkout.Session): Promise<void> {
    const subscriptionId = idOf(session.subscription);
    if (session.mode === 'setup') {
      const target = session.metadata?.subscription_id;
      const setup = session.setup_intent ? idOf(session.setup_intent) : null;
      void setup;
      if (target) await this.sync.sync(tx, target);
      return;
    }
    if (!subscriptionId) return;
    const stripe = this.sync.stripe;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    if (!subscription.schedule && this.env.STRIPE_INTRO_MONTHS > 0) {
      const schedule = await stripe.subscriptionSchedules.create(
        { from_subscription: subscriptionId },
        { idempotencyKey: `schedule-${subscriptionId}` },
      );
      await stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          phases: [
            {
              items: [{ price: this.env.STRIPE_PRICE_INTRO!, quantity: 1 }],
              start_date: schedule.phases[0].start_date,
              duration: { interval: 'month', interval_count: this.env.STRIPE_INTRO_MONTHS },
            },
            {
              items: [{ price: this.env.STRIPE_PRICE_STANDARD!, quantity: 1 }],
              duration: { interval: 'month', interval_count: 1 },
            },
          ],
        },
        { idempotencyKey: `schedule-phases-${subscriptionId}` },
      );
    }
    await this.sync.sync(tx, subscriptionId);
  }

  private async invoicePaid(tx: DbOrTx, invoiceId: string): Promise<void> {
    const stripe = this.sync.stripe;
    const invoice = await stripe.invoices.retrieve(invoiceId);
    if (invoice.status !== 'paid') return;
    const subscriptionId = subscriptionOf(invoice);
    const mirror = subscriptionId ? await this.sync.sync(tx, subscriptionId) : undefined;
    const userId = mirror?.userId ?? (await this.repository.userOfCustomer(tx, idOf(invoice.customer)!));
    if (!userId) {
      this.logger.warn(`paid invoice ${invoice.id} of an unknown customer`);
      return;
    }
    const line = invoice.lines.data[0];
    const priceId = line?.pricing?.price_details?.price;
    const unitPriceHt = Number(line?.pricing?.unit_amount_decimal ?? invoice.subtotal);
    const quantity = line?.quantity ?? 1;
    const paidAt = new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000);
    const pmId = idOf(invoice.default_payment_method as string | null);
    const pm = pmId ? await stripe.paymentMethods.retrieve(pmId) : null;
    const product = getSector(this.env.SECTOR).productName;
    const intro = idOf(priceId as string | null) === this.env.STRIPE_PRICE_INTRO;
    await this.invoices.issueForPayment(tx, {
      userId,
      stripeInvoiceId: invoice.id,
      description: `Abonnement mensuel ${product}${intro ? ' — tarif de lancement' : ''}`,
      unitPriceHt,
      quantity,
      periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
      periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
      paidAt,
      paymentMeans: pm?.type === 'sepa_debit' ? 'sepa_debit' : pm?.type === 'card' ? 'card' : null,
    });
    // The sponsorship's "subscribed" and the sponsor's reward count from the first paid invoice.
    await this.repository.markSubscribed(tx, userId, paidAt);
    if (!subscriptionId) return;
    const open = await stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 1 });
    if (open.data.length > 0) return;
    await this.repository.clearDunning(tx, subscriptionId);
    if (await this.repository.restore(tx, userId))
      await this.mails.send(
        tx,
        'billing.restored.professional',
        userId,
        { amount: invoice.amount_paid },
        invoice.id,
      );
  }

  private async paymentFailed(tx: DbOrTx, invoiceId: string, eventId: string): Promise<void> {
    const invoice = await this.sync.stripe.invoices.retrieve(invoiceId);
    // Arriving after the payment that followed it: nothing is owed any more.
    if (invoice.status !== 'open') return;
    const subscriptionId = subscriptionOf(invoice);
    if (!subscriptionId) return;
    const mirror = await this.sync.sync(tx, subscriptionId);
    if (!mirror) return;
    await this.repository.recordFailure(tx, subscriptionId, invoice.attempt_count, this.clock.now());
    await this.mails.send(
      tx,
      'billing.payment_failed.professional',
      mirror.userId,
      { amount: invoice.amount_due, attempt: invoice.attempt_count },
      eventId,
    );
  }
}

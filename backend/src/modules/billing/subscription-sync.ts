import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { DomainError } from '../../common/domain-error';
import type { DbOrTx } from '../../database/database.types';
import { BillingRepository, type SubscriptionMirror, type SubscriptionRow } from './billing.repository';
import { paymentMethodLabel, STRIPE } from './stripe.client';

/** A deployment that sells no subscription (no Stripe settings) has none to offer: a 404, not a server failure. */
export const billingDisabled = () =>
  new DomainError('BILLING_DISABLED', 'Les abonnements ne sont pas disponibles sur ce site', 404);

const at = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Reads a subscription from Stripe and writes our mirror of it. Every webhook goes through here, whatever
 * its type and order: the state stored is the subscription as Stripe has it now, never what one event said.
 */
@Injectable()
export class SubscriptionSync {
  constructor(
    @Inject(STRIPE) private readonly stripeClient: Stripe | null,
    private readonly repository: BillingRepository,
    @Inject(ENV) private readonly env: Env,
  ) {}

  get stripe(): Stripe {
    if (!this.stripeClient) throw billingDisabled();
    return this.stripeClient;
  }

  /** What the mirror should hold according to Stripe; undefined for a subscription that is not one of ours. */
  async fetch(tx: DbOrTx, subscriptionId: string): Promise<SubscriptionMirror | undefined> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['default_payment_method'],
    });
    const customerId = idOf(subscription.customer)!;
    const userId = subscription.metadata?.user_id || (await this.repository.userOfCustomer(tx, customerId));
    if (!userId) return undefined;
    const item = subscription.items.data[0];
    const scheduleId = idOf(subscription.schedule);
    let introEndsAt: Date | null = null;
    if (scheduleId) {
      const schedule = await this.stripe.subscriptionSchedules.retrieve(scheduleId);
      const intro = schedule.phases.find((phase) =>
        phase.items.some((it) => idOf(it.price) === this.env.STRIPE_PRICE_INTRO),
      );
      introEndsAt = at(intro?.end_date);
    }
    let pm = subscription.default_payment_method as Stripe.PaymentMethod | string | null;
    if (!pm) {
      const customer = await this.stripe.customers.retrieve(customerId);
      pm =
        'deleted' in customer && customer.deleted
          ? null
          : ((customer as Stripe.Customer).invoice_settings.default_payment_method as string | null);
    }
    if (typeof pm === 'string') pm = await this.stripe.paymentMethods.retrieve(pm);
    return {
      stripeSubscriptionId: subscription.id,
      userId,
      stripeCustomerId: customerId,
      status: subscription.status,
      priceId: item.price.id,
      unitAmount: item.price.unit_amount ?? 0,
      scheduleId,
      introEndsAt,
      currentPeriodStart: at(item.current_period_start)!,
      currentPeriodEnd: at(item.current_period_end)!,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: at(subscription.canceled_at),
      startedAt: at(subscription.start_date),
      paymentMethodLabel: paymentMethodLabel(pm),
    };
  }

  async sync(tx: DbOrTx, subscriptionId: string): Promise<SubscriptionRow | undefined> {
    const mirror = await this.fetch(tx, subscriptionId);
    if (!mirror) return undefined;
    await this.repository.upsertSubscription(tx, mirror);
    return this.repository.subscription(subscriptionId, tx);
  }
}

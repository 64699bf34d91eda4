import { Inject, Injectable } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import type Stripe from 'stripe';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { Transactions } from '../../database/database.module';
import { OutboxService } from '../outbox';
import { QUEUES } from '../../queue/queue.constants';
import { STRIPE_EVENT_JOB } from './billing-events';
import { BillingRepository, type InvoiceSummary, type SubscriptionRow } from './billing.repository';
import type { BillingDto, BillingProfileDto, InvoiceListItemDto, SubscriptionDto } from './billing.dto';
import { VAT_RATE, vatOf } from './invoice-document';
import { billingDisabled, SubscriptionSync } from './subscription-sync';
import { STRIPE } from './stripe.client';

const LIVE = ['active', 'past_due', 'trialing', 'unpaid', 'incomplete'];
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const invoiceNotFound = () => new NotFoundError('INVOICE_NOT_FOUND', 'Facture introuvable');
const noSubscription = () => new NotFoundError('SUBSCRIPTION_NOT_FOUND', 'Aucun abonnement en cours');

export function toInvoiceItem(row: InvoiceSummary): InvoiceListItemDto {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    issuedOn: row.issuedOn,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    totalHt: row.totalHt,
    totalVat: row.totalVat,
    totalTtc: row.totalTtc,
  };
}

/** "Mon abonnement": the professional's subscription, invoices and the Checkout redirections. */
@Injectable()
export class BillingService {
  constructor(
    @Inject(STRIPE) private readonly stripeClient: Stripe | null,
    private readonly repository: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly transactions: Transactions,
    private readonly outbox: OutboxService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private get stripe(): Stripe {
    if (!this.stripeClient) throw billingDisabled();
    return this.stripeClient;
  }

  private get base(): string {
    return this.env.PUBLIC_URL.replace(/\/+$/, '');
  }

  /**
   * Webhook: the signature is checked on the raw body (any re-serialisation would break it), then the
   * event is stored once by its id and its processing queued through the outbox in the same transaction.
   */
  async receiveWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (!this.stripeClient || !this.env.STRIPE_WEBHOOK_SECRET) throw billingDisabled();
    if (!rawBody || !signature)
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Signature du webhook absente ou invalide', 400);
    let event: Stripe.Event;
    try {
      event = this.stripeClient.webhooks.constructEvent(rawBody, signature, this.env.STRIPE_WEBHOOK_SECRET);
    } catch {
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Signature du webhook absente ou invalide', 400);
    }
    const stored = await this.transactions.run(async (tx) => {
      const isNew = await this.repository.storeEvent(tx, { id: event.id, type: event.type, payload: event });
      if (isNew)
        await this.outbox.enqueue(tx, {
          queue: QUEUES.notifications,
          jobName: STRIPE_EVENT_JOB,
          payload: { eventId: event.id },
        });
      return isNew;
    });
    return { received: true, duplicate: !stored };
  }

  plan() {
    return {
      name: `Abonnement ${getSector(this.env.SECTOR).productName}`,
      introPriceHt: 6900,
      introMonths: this.env.STRIPE_INTRO_MONTHS,
      standardPriceHt: 13900,
      vatRate: VAT_RATE,
    };
  }

  async get(userId: string): Promise<BillingDto> {
    const [subscription, invoices, profile, user] = await Promise.all([
      this.repository.currentSubscription(userId),
      this.repository.invoicesOf(userId),
      this.repository.profile(userId),
      this.repository.user(userId),
    ]);
    return {
      enabled: Boolean(this.stripeClient),
      plan: this.plan(),
      subscription: subscription ? this.subscriptionDto(subscription) : null,
      suspended: Boolean(user?.billingSuspendedAt),
      invoices: invoices.map(toInvoiceItem),
      profile: profile
        ? {
            firmName: profile.firmName,
            siren: profile.siren,
            street: profile.street,
            postalCode: profile.postalCode,
            city: profile.city,
          }
        : null,
    };
  }

  subscriptionDto(row: SubscriptionRow): SubscriptionDto {
    const live = LIVE.includes(row.status);
    const intro = row.priceId === this.env.STRIPE_PRICE_INTRO;
    // The next period is billed at the standard price once the introductory phase is over.
    const nextHt = row.introEndsAt && row.currentPeriodEnd >= row.introEndsAt ? 13900 : row.unitAmount;
    const debits = live && !row.cancelAtPeriodEnd;
    return {
      status: row.status,
      priceHt: row.unitAmount,
      intro,
      introEndsAt: iso(row.introEndsAt),
      nextDebitAt: debits ? iso(row.currentPeriodEnd) : null,
      nextDebitTtc: debits ? nextHt + vatOf(nextHt) : null,
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      paymentMethod: row.paymentMethodLabel,
      failedPayments: row.failedPayments,
      pastDueSince: iso(row.pastDueSince),
    };
  }

  private async customer(userId: string): Promise<string> {
    const known = await this.repository.customerOf(userId);
    if (known) return known;
    const user = await this.repository.user(userId);
    if (!user) throw new NotFoundError('ACCOUNT_NOT_EXIST', 'Account not exist');
    const customer = await this.stripe.customers.create(
      { email: user.email, name: `${user.firstName} ${user.lastName}`, metadata: { user_id: userId } },
      { idempotencyKey: `customer-${userId}` },
    );
    return this.repository.saveCustomer(userId, customer.id);
  }

  /** Stripe Checkout in subscription mode (SEPA debit or card): the browser goes there, then comes back. */
  async checkout(userId: string): Promise<{ url: string }> {
    const stripe = this.stripe;
    const current = await this.repository.currentSubscription(userId);
    if (current && LIVE.filter((s) => s !== 'incomplete').includes(current.status))
      throw new ConflictError('ALREADY_SUBSCRIBED', 'Vous avez déjà un abonnement en cours');
    const customer = await this.customer(userId);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: userId,
      allowed_payment_method_types: ['sepa_debit', 'card'],
      line_items: [{ price: this.env.STRIPE_PRICE_INTRO!, quantity: 1 }],
      subscription_data: { metadata: { user_id: userId } },
      locale: 'fr',
      success_url: `${this.base}/user/abonnement?checkout=success&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.base}/user/abonnement?checkout=cancelled`,
    });
    return { url: session.url! };
  }

  /** Checkout in setup mode: a new SEPA mandate or card becomes the subscription's payment method. */
  async changePaymentMethod(userId: string): Promise<{ url: string }> {
    const stripe = this.stripe;
    const current = await this.repository.currentSubscription(userId);
    if (!current || !LIVE.includes(current.status)) throw noSubscription();
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: current.stripeCustomerId,
      allowed_payment_method_types: ['sepa_debit', 'card'],
      metadata: { subscription_id: current.stripeSubscriptionId, user_id: userId },
      setup_intent_data: { metadata: { subscription_id: current.stripeSubscriptionId } },
      locale: 'fr',
      success_url: `${this.base}/user/abonnement?payment_method=updated`,
      cancel_url: `${this.base}/user/abonnement`,
    });
    return { url: session.url! };
  }

  /** Cancel at the end of the paid month (the terms), or take that back before the date. */
  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<BillingDto> {
    const current = await this.repository.currentSubscription(userId);
    if (!current || !LIVE.includes(current.status)) throw noSubscription();
    await this.stripe.subscriptions.update(current.stripeSubscriptionId, { cancel_at_period_end: cancel });
    await this.transactions.run((tx) => this.sync.sync(tx, current.stripeSubscriptionId));
    return this.get(userId);
  }

  async saveProfile(userId: string, dto: BillingProfileDto): Promise<BillingDto> {
    await this.repository.saveProfile(userId, {
      firmName: dto.firmName.trim(),
      siren: dto.siren ?? null,
      street: dto.street.trim(),
      postalCode: dto.postalCode,
      city: dto.city.trim(),
    });
    return this.get(userId);
  }

  async pdf(userId: string | null, invoiceId: string): Promise<{ number: string; pdf: Buffer }> {
    const invoice = await this.repository.invoice(invoiceId);
    if (!invoice || (userId !== null && invoice.userId !== userId)) throw invoiceNotFound();
    return { number: invoice.number, pdf: invoice.pdf };
  }
}

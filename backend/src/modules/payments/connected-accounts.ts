import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { ConflictError, DomainError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { STRIPE } from '../billing';
import { SiteConfigService } from '../site-config';
import { ConnectedAccountsRepository, type PaymentAccountRow } from './connected-accounts.repository';
import type { PaymentAccountDto, PayoutDto } from './connect.dto';
import { parisMonthRange } from './paris-month';

/** "Mes paiements" lists the payouts of this many days when no month is asked. */
export const PAYOUTS_DEFAULT_DAYS = 90;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const unavailable = () =>
  new DomainError(
    'PAYMENTS_UNAVAILABLE',
    'Le paiement en ligne est momentanément indisponible : réessayez dans quelques minutes',
    503,
  );

/** A deployment without the payment provider's keys: nothing to onboard to (not a passing outage). */
const notConfigured = () =>
  new ConflictError(
    'PAYMENTS_NOT_CONFIGURED',
    'Le paiement en ligne n’est pas proposé sur ce site : son administrateur ne l’a pas activé',
  );

/** Why a paid motive or a paid booking is refused while the professional cannot take payments. */
export const paymentsNotEnabled = () =>
  new ConflictError(
    'PAYMENTS_NOT_ENABLED',
    'Activez d’abord l’encaissement en ligne dans « Mes paiements » (compte de paiement Stripe) pour proposer un motif payé à la réservation',
  );

export const flagsOf = (account: Stripe.Account) => ({
  chargesEnabled: account.charges_enabled === true,
  payoutsEnabled: account.payouts_enabled === true,
  detailsSubmitted: account.details_submitted === true,
});

/**
 * The professional's connected account (Stripe Connect, Express): opened at the first onboarding, completed on
 * the provider's hosted pages, its flags copied back on the return and on `account.updated`. The clients'
 * payments are destination charges to it; the platform keeps the commission set in the console.
 */
@Injectable()
export class ConnectedAccounts {
  private readonly logger = new Logger(ConnectedAccounts.name);

  constructor(
    private readonly repository: ConnectedAccountsRepository,
    private readonly siteConfig: SiteConfigService,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async commissionPercent(): Promise<number> {
    return (await this.siteConfig.get()).payment_commission_percent;
  }

  /** The platform's commission on `amountCents` at the console's current rate. */
  async applicationFee(amountCents: number): Promise<number> {
    return Math.round((amountCents * (await this.commissionPercent())) / 100);
  }

  /** The account that can take a client's payment now, or why not. */
  async destination(userId: string): Promise<string> {
    const row = await this.repository.byUser(userId);
    if (!row?.chargesEnabled) throw paymentsNotEnabled();
    return row.stripeAccountId;
  }

  async chargesEnabled(userId: string): Promise<boolean> {
    return (await this.repository.byUser(userId))?.chargesEnabled === true;
  }

  async status(userId: string): Promise<PaymentAccountDto> {
    return this.present(await this.repository.byUser(userId), await this.commissionPercent());
  }

  /**
   * Opens the account when the professional has none, then a one-off link to the provider's hosted onboarding
   * (it expires within minutes: a new one is made at each start, and the refresh URL starts again).
   */
  async startOnboarding(userId: string): Promise<{ url: string }> {
    const stripe = this.client();
    let row = await this.repository.byUser(userId);
    try {
      if (!row) {
        const pro = await this.repository.professional(userId);
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'FR',
            email: pro?.email,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { user_id: userId },
          },
          { idempotencyKey: `connect-account-${userId}` },
        );
        row = await this.repository.insert(userId, account.id);
      }
      const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
      const link = await stripe.accountLinks.create({
        account: row.stripeAccountId,
        type: 'account_onboarding',
        refresh_url: `${base}/user/paiements?compte=relancer`,
        return_url: `${base}/user/paiements?compte=retour`,
      });
      return { url: link.url };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.logger.warn(`onboarding not started: ${(error as Error).message}`);
      throw unavailable();
    }
  }

  /** Back from the hosted onboarding: the flags are read now (the webhook may come later, or came first). */
  async refresh(userId: string): Promise<PaymentAccountDto> {
    const row = await this.repository.byUser(userId);
    if (row) {
      const account = await this.client()
        .accounts.retrieve(row.stripeAccountId)
        .catch((error: Error) => {
          this.logger.warn(`account not read: ${error.message}`);
          throw unavailable();
        });
      await this.repository.applyFlags(row.stripeAccountId, flagsOf(account));
    }
    return this.status(userId);
  }

  /**
   * The connected account's payouts to the professional's bank arriving in the period, newest first (read from
   * the provider): a Paris month ("YYYY-MM"), or by default the last PAYOUTS_DEFAULT_DAYS days and those still on
   * their way. Every page of the provider's list is read (its cursor), so a busy month shows all its payouts.
   */
  async payouts(userId: string, month?: string): Promise<PayoutDto[]> {
    const row = await this.repository.byUser(userId);
    if (!row) return [];
    const arrival = month
      ? (({ from, to }) => ({ gte: seconds(from), lt: seconds(to) }))(parisMonthRange(month))
      : { gte: seconds(new Date(Date.now() - PAYOUTS_DEFAULT_DAYS * 86_400_000)) };
    try {
      const payouts: PayoutDto[] = [];
      // The SDK's auto-pagination follows `has_more` with `starting_after`, with the same account header.
      for await (const p of this.client().payouts.list(
        { limit: 100, arrival_date: arrival },
        { stripeAccount: row.stripeAccountId },
      ))
        payouts.push({
          id: p.id,
          amountCents: p.amount,
          arrivalDate: new Date(p.arrival_date * 1000).toISOString(),
          status: p.status,
        });
      return payouts;
    } catch (error) {
      this.logger.warn(`payouts not read: ${(error as Error).message}`);
      throw unavailable();
    }
  }

  private present(row: PaymentAccountRow | undefined, commissionPercent: number): PaymentAccountDto {
    return {
      opened: Boolean(row),
      chargesEnabled: row?.chargesEnabled ?? false,
      payoutsEnabled: row?.payoutsEnabled ?? false,
      detailsSubmitted: row?.detailsSubmitted ?? false,
      commissionPercent,
    };
  }

  private client(): Stripe {
    if (!this.stripe) throw notConfigured();
    return this.stripe;
  }
}

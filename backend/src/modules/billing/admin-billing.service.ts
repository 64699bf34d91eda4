import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type Stripe from 'stripe';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import {
  type AdminListQueryDto,
  type AdminPage,
  idsFilter,
  parseAdminList,
  textFilter,
} from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import { isUuid } from '@rdv/sectors';
import type { DbOrTx } from '../../database/database.types';
import { Transactions } from '../../database/database.module';
import {
  BillingRepository,
  type CompanyRow,
  type InvoiceWithCredit,
  type SubscriptionWithProfessional,
} from './billing.repository';
import type { AdminInvoiceDto, AdminSubscriptionDto, CompanyDto, MetricPointDto } from './billing.dto';
import { InvoicesService } from './invoices.service';
import { invoiceNotFound, toInvoiceItem } from './billing.service';
import { billingDisabled, SubscriptionSync } from './subscription-sync';
import { STRIPE } from './stripe.client';
import type { InvoiceDocument } from './invoice-document';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const toAdminInvoice = (row: InvoiceWithCredit): AdminInvoiceDto => ({
  ...toInvoiceItem(row),
  userId: row.userId,
  customer: (row.document as InvoiceDocument).customer.name,
  creditedInvoiceId: row.creditedInvoiceId,
  credited: row.credited,
});
const subscriptionNotFound = () => new NotFoundError('SUBSCRIPTION_NOT_FOUND', 'Abonnement introuvable');

/** The console's billing: subscriptions, invoices, MRR and churn, company settings, operator actions. */
@Injectable()
export class AdminBillingService {
  constructor(
    @Inject(STRIPE) private readonly stripeClient: Stripe | null,
    private readonly repository: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly invoices: InvoicesService,
    private readonly transactions: Transactions,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private get stripe(): Stripe {
    if (!this.stripeClient) throw billingDisabled();
    return this.stripeClient;
  }

  async subscriptions(query: AdminListQueryDto): Promise<AdminPage<AdminSubscriptionDto>> {
    const params = parseAdminList(
      query,
      ['createdAt', 'status', 'currentPeriodEnd', 'failedPayments'] as const,
      'createdAt',
    );
    if (!query.sort) params.order = 'DESC';
    const status = params.filter.status;
    if (status !== undefined && status !== '' && typeof status !== 'string')
      throw new DomainError('VALIDATION_FAILED', 'Le filtre état est invalide', 400);
    const q = textFilter(params.filter);
    const { rows, total } = await this.repository.subscriptionsPage(
      { status: status || undefined, q: q ? likeEscape(q) : undefined },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows: rows.map((row) => this.toAdminSubscription(row)), offset: params.offset, total };
  }

  async subscription(id: string): Promise<AdminSubscriptionDto> {
    const row = await this.repository.subscriptionWithProfessional(id);
    if (!row) throw subscriptionNotFound();
    return this.toAdminSubscription(row);
  }

  private toAdminSubscription(row: SubscriptionWithProfessional): AdminSubscriptionDto {
    const pro = row.professional;
    return {
      id: row.stripeSubscriptionId,
      userId: row.userId,
      professional: pro ? `${pro.firstName} ${pro.lastName}` : '',
      email: pro?.email ?? '',
      status: row.status,
      plan: row.priceId === this.env.STRIPE_PRICE_INTRO ? 'intro' : 'standard',
      priceHt: row.unitAmount,
      introEndsAt: iso(row.introEndsAt),
      nextDebitAt:
        ['active', 'past_due'].includes(row.status) && !row.cancelAtPeriodEnd
          ? iso(row.currentPeriodEnd)
          : null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      failedPayments: row.failedPayments,
      pastDueSince: iso(row.pastDueSince),
      suspendedAt: iso(row.billingSuspendedAt),
      paymentMethod: row.paymentMethodLabel,
    };
  }

  async invoiceList(query: AdminListQueryDto): Promise<AdminPage<AdminInvoiceDto>> {
    const params = parseAdminList(query, ['sequence', 'issuedOn', 'totalTtc'] as const, 'sequence');
    if (!query.sort) params.order = 'DESC';
    const f = params.filter;
    if (f.kind !== undefined && f.kind !== '' && f.kind !== 'invoice' && f.kind !== 'credit_note')
      throw new DomainError('VALIDATION_FAILED', 'Type de pièce inconnu', 400);
    if (f.userId !== undefined && (typeof f.userId !== 'string' || !isUuid(f.userId)))
      throw new DomainError('VALIDATION_FAILED', 'Le filtre professionnel est invalide', 400);
    const q = textFilter(f);
    const { rows, total } = await this.repository.invoicesPage(
      {
        kind: (f.kind || undefined) as 'invoice' | 'credit_note' | undefined,
        userId: f.userId as string | undefined,
        q: q ? likeEscape(q) : undefined,
        ids: idsFilter(f)?.filter((id): id is string => typeof id === 'string' && isUuid(id)),
      },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows: rows.map(toAdminInvoice), offset: params.offset, total };
  }

  async invoice(id: string): Promise<AdminInvoiceDto> {
    const row = await this.repository.invoiceWithCredit(id);
    if (!row) throw invoiceNotFound();
    return toAdminInvoice(row);
  }

  /**
   * MRR (excluding VAT) and churn per month, over the last `months` months, from the mirror: a subscription
   * counts in a month it was live at the month's end (from its start at Stripe; rows mirrored before that date was
   * kept count from the mirror's own creation); it churned in the month it was cancelled.
   */
  async metrics(months = 12, now = new Date()): Promise<MetricPointDto[]> {
    const rows = await this.repository.allSubscriptions();
    const points: MetricPointDto[] = [];
    for (let back = months - 1; back >= 0; back--) {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1));
      const liveAt = (at: Date) =>
        rows.filter(
          (r) =>
            (r.startedAt ?? r.createdAt) < at &&
            !['incomplete', 'incomplete_expired'].includes(r.status) &&
            (!r.canceledAt || r.canceledAt >= at),
        );
      const live = liveAt(end);
      const atStart = liveAt(start).length;
      const churned = rows.filter((r) => r.canceledAt && r.canceledAt >= start && r.canceledAt < end).length;
      points.push({
        month: start.toISOString().slice(0, 7),
        mrr: live.reduce((sum, r) => sum + r.unitAmount, 0),
        active: live.length,
        churned,
        churnRate: atStart === 0 ? 0 : Math.round((churned / atStart) * 1000) / 10,
      });
    }
    return points;
  }

  async company(): Promise<CompanyDto & { id: number }> {
    const company = await this.repository.company();
    if (!company)
      return {
        id: 1,
        name: '',
        legalForm: '',
        capital: '',
        siren: '',
        siret: '',
        rcs: '',
        vatNumber: '',
        street: '',
        postalCode: '',
        city: '',
        email: '',
        invoicePrefix: 'F',
      };
    return companyDto(company);
  }

  async saveCompany(dto: CompanyDto): Promise<CompanyDto & { id: number }> {
    return companyDto(await this.repository.saveCompany({ ...dto, invoicePrefix: dto.invoicePrefix ?? 'F' }));
  }

  /** Longer introductory phase: the schedule's first phase ends `months` later. */
  async extendTrial(id: string, months: number): Promise<AdminSubscriptionDto> {
    const row = await this.repository.subscription(id);
    if (!row) throw subscriptionNotFound();
    if (!row.scheduleId || !row.introEndsAt)
      throw new NotFoundError('TRIAL_NOT_FOUND', 'Cet abonnement n’est plus en période de lancement');
    const schedule = await this.stripe.subscriptionSchedules.retrieve(row.scheduleId);
    const [intro] = schedule.phases;
    // Calendar months that clamp to the month's end: an intro ending on 31 January ends on 28 February, not in March.
    const end = DateTime.fromSeconds(intro.end_date, { zone: 'Europe/Paris' }).plus({ months });
    await this.stripe.subscriptionSchedules.update(row.scheduleId, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: this.env.STRIPE_PRICE_INTRO!, quantity: 1 }],
          start_date: intro.start_date,
          end_date: Math.floor(end.toSeconds()),
        },
        {
          items: [{ price: this.env.STRIPE_PRICE_STANDARD!, quantity: 1 }],
          duration: { interval: 'month', interval_count: 1 },
        },
      ],
    });
    await this.transactions.run((tx) => this.sync.sync(tx, id));
    return this.subscription(id);
  }

  async cancel(id: string, when: 'period_end' | 'now'): Promise<AdminSubscriptionDto> {
    const row = await this.repository.subscription(id);
    if (!row) throw subscriptionNotFound();
    if (when === 'now') await this.stripe.subscriptions.cancel(id);
    else await this.stripe.subscriptions.update(id, { cancel_at_period_end: true });
    await this.transactions.run((tx) => this.sync.sync(tx, id));
    return this.subscription(id);
  }

  /**
   * A refund: a credit note on our side (never an edited invoice) and the money sent back by Stripe through the debit
   * that paid the invoice, in one transaction: when Stripe refuses, no credit note is issued and no number is taken.
   */
  async refund(invoiceId: string, reason: string, amountTtc?: number): Promise<AdminInvoiceDto> {
    const note = await this.transactions.run(async (tx) => {
      const creditedBefore = await this.repository.creditedTotal(tx, invoiceId);
      const issued = await this.invoices.creditNote(tx, invoiceId, reason, amountTtc);
      await this.refundPayment(tx, invoiceId, issued.totalTtc, creditedBefore);
      return issued;
    });
    return this.invoice(note.id);
  }

  private async refundPayment(tx: DbOrTx, invoiceId: string, amount: number, creditedBefore: number) {
    const invoice = await this.repository.invoice(invoiceId, tx);
    if (!invoice?.stripeInvoiceId) return; // not paid through Stripe: nothing to send back there
    const payments = await this.stripe.invoicePayments.list({
      invoice: invoice.stripeInvoiceId,
      status: 'paid',
    });
    const intent = payments.data.map((p) => p.payment.payment_intent).find(Boolean);
    if (!intent)
      throw new ConflictError(
        'PAYMENT_NOT_FOUND',
        'Aucun paiement à rembourser n’a été trouvé pour cette facture',
      );
    try {
      await this.stripe.refunds.create(
        {
          payment_intent: typeof intent === 'string' ? intent : intent.id,
          amount,
          metadata: { invoice: invoice.number },
        },
        // Retrying the same refund (a commit that failed after Stripe said yes) sends the money back once.
        { idempotencyKey: `refund-${invoiceId}-${creditedBefore}-${amount}` },
      );
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500)
        throw new ConflictError('REFUND_REFUSED', 'Stripe a refusé le remboursement de ce paiement');
      throw error;
    }
  }
}

function companyDto(company: CompanyRow): CompanyDto & { id: number } {
  return {
    id: company.id,
    name: company.name,
    legalForm: company.legalForm,
    capital: company.capital,
    siren: company.siren,
    siret: company.siret,
    rcs: company.rcs,
    vatNumber: company.vatNumber,
    street: company.street,
    postalCode: company.postalCode,
    city: company.city,
    email: company.email,
    invoicePrefix: company.invoicePrefix,
  };
}

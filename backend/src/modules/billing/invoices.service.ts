import { Injectable } from '@nestjs/common';
import { ConflictError } from '../../common/domain-error';
import type { DbOrTx } from '../../database/database.types';
import { BillingRepository, type CompanyRow, type InvoiceSummary } from './billing.repository';
import { EInvoiceTransmitter } from './einvoice-transmitter';
import { facturXml } from './facturx-xml';
import {
  invoiceNumber,
  LATE_PENALTIES,
  PAYMENT_TERMS,
  RECOVERY_FEE,
  VAT_RATE,
  vatOf,
  type InvoiceDocument,
  type InvoiceIssuer,
  type InvoiceParty,
} from './invoice-document';
import { invoicePdf } from './invoice-pdf';

export interface PaidPeriod {
  userId: string;
  stripeInvoiceId: string;
  description: string;
  unitPriceHt: number;
  quantity: number;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
  paymentMeans: 'sepa_debit' | 'card' | null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export const companyNotConfigured = () =>
  new ConflictError(
    'BILLING_COMPANY_MISSING',
    'Les informations de la société émettrice ne sont pas renseignées : complétez-les dans la console',
  );

/**
 * Issues our invoices and credit notes. The number is taken with the issuing company's row locked, in the
 * caller's transaction (the payment event's): two concurrent payments are numbered one after the other and a
 * transaction that rolls back gives its number back, so the sequence has no gap and no duplicate.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly repository: BillingRepository,
    private readonly transmitter: EInvoiceTransmitter,
  ) {}

  /** The invoice of a paid period; the existing one when this Stripe invoice was already invoiced. */
  async issueForPayment(tx: DbOrTx, paid: PaidPeriod): Promise<InvoiceSummary> {
    const company = await this.repository.lockCompany(tx);
    if (!company) throw companyNotConfigured();
    const existing = await this.repository.invoiceOfStripe(tx, paid.stripeInvoiceId, 'invoice');
    if (existing) return existing;
    const totalHt = paid.unitPriceHt * paid.quantity;
    const totalVat = vatOf(totalHt);
    return this.issue(tx, company, {
      kind: 'invoice',
      userId: paid.userId,
      stripeInvoiceId: paid.stripeInvoiceId,
      creditedInvoiceId: null,
      issuedOn: isoDay(paid.paidAt),
      period: {
        start: isoDay(paid.periodStart),
        end: isoDay(new Date(paid.periodEnd.getTime() - 86_400_000)),
      },
      lines: [
        { description: paid.description, quantity: paid.quantity, unitPriceHt: paid.unitPriceHt, totalHt },
      ],
      totalHt,
      totalVat,
      paid: totalHt + totalVat,
      paymentMeans: paid.paymentMeans,
      creditedNumber: null,
      reason: null,
    });
  }

  /**
   * A credit note cancelling `amountTtc` of an invoice (all of it by default): refunds and cancellations.
   * Never more than what is left uncredited.
   */
  async creditNote(
    tx: DbOrTx,
    invoiceId: string,
    reason: string,
    amountTtc?: number,
  ): Promise<InvoiceSummary> {
    const company = await this.repository.lockCompany(tx);
    if (!company) throw companyNotConfigured();
    const invoice = await this.repository.invoice(invoiceId, tx);
    if (!invoice || invoice.kind !== 'invoice')
      throw new ConflictError('INVOICE_NOT_CREDITABLE', 'Seule une facture peut faire l’objet d’un avoir');
    const left = invoice.totalTtc - (await this.repository.creditedTotal(tx, invoiceId));
    const ttc = amountTtc ?? left;
    if (ttc <= 0 || ttc > left)
      throw new ConflictError(
        'CREDIT_EXCEEDS_INVOICE',
        'Le montant de l’avoir dépasse ce qui reste à créditer sur la facture',
      );
    const totalHt = Math.round((ttc * 100) / (100 + invoice.vatRate));
    const original = invoice.document as InvoiceDocument;
    return this.issue(tx, company, {
      kind: 'credit_note',
      userId: invoice.userId,
      stripeInvoiceId: null,
      creditedInvoiceId: invoice.id,
      issuedOn: isoDay(new Date()),
      period: original.period,
      lines: [
        {
          description: `Avoir sur ${original.lines[0]?.description ?? 'la facture'}`,
          quantity: 1,
          unitPriceHt: totalHt,
          totalHt,
        },
      ],
      totalHt,
      totalVat: ttc - totalHt,
      paid: 0,
      paymentMeans: original.paymentMeans,
      creditedNumber: invoice.number,
      reason,
      customer: original.customer,
    });
  }

  private async issue(
    tx: DbOrTx,
    company: CompanyRow,
    draft: Omit<
      InvoiceDocument,
      | 'number'
      | 'issuer'
      | 'customer'
      | 'vatRate'
      | 'totalTtc'
      | 'paymentTerms'
      | 'latePenalties'
      | 'recoveryFee'
    > & {
      userId: string;
      stripeInvoiceId: string | null;
      creditedInvoiceId: string | null;
      customer?: InvoiceParty;
    },
  ): Promise<InvoiceSummary> {
    const sequence = await this.repository.takeNumber(tx, company.id);
    const issuer: InvoiceIssuer = {
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
      country: 'FR',
      email: company.email,
    };
    const doc: InvoiceDocument = {
      kind: draft.kind,
      number: invoiceNumber(company.invoicePrefix, sequence),
      issuedOn: draft.issuedOn,
      period: draft.period,
      issuer,
      customer: draft.customer ?? (await this.customer(tx, draft.userId)),
      lines: draft.lines,
      totalHt: draft.totalHt,
      vatRate: VAT_RATE,
      totalVat: draft.totalVat,
      totalTtc: draft.totalHt + draft.totalVat,
      paid: draft.paid,
      paymentMeans: draft.paymentMeans,
      paymentTerms: PAYMENT_TERMS,
      latePenalties: LATE_PENALTIES,
      recoveryFee: RECOVERY_FEE,
      creditedNumber: draft.creditedNumber,
      reason: draft.reason,
    };
    const xml = facturXml(doc);
    const pdf = await invoicePdf(doc, xml, new Date());
    const saved = await this.repository.insertInvoice(tx, {
      companyId: company.id,
      sequence,
      number: doc.number,
      kind: doc.kind,
      userId: draft.userId,
      stripeInvoiceId: draft.stripeInvoiceId,
      creditedInvoiceId: draft.creditedInvoiceId,
      issuedOn: doc.issuedOn,
      periodStart: doc.period?.start ?? null,
      periodEnd: doc.period?.end ?? null,
      totalHt: doc.totalHt,
      vatRate: doc.vatRate,
      totalVat: doc.totalVat,
      totalTtc: doc.totalTtc,
      document: doc,
      pdf,
      facturxXml: xml,
    });
    await this.transmitter.transmit(tx, saved.id, xml);
    return saved;
  }

  /** The customer's firm as entered in "Mon abonnement", else the professional's name and office address. */
  private async customer(tx: DbOrTx, userId: string): Promise<InvoiceParty> {
    const profile = await this.repository.profile(userId, tx);
    if (profile)
      return {
        name: profile.firmName,
        street: profile.street,
        postalCode: profile.postalCode,
        city: profile.city,
        country: 'FR',
        siren: profile.siren,
      };
    const user = await this.repository.user(userId, tx);
    return {
      name: user ? `${user.firstName} ${user.lastName}` : 'Client',
      street: user?.street ?? '',
      postalCode: user?.postalCode ?? '',
      city: user?.cityName ?? '',
      country: 'FR',
      siren: null,
    };
  }
}

/** GET /admin/billing/subscriptions (AdminSubscriptionDto). */
export interface SubscriptionRecord {
  id: string;
  userId: string;
  professional: string;
  email: string;
  status: string;
  plan: 'intro' | 'standard';
  priceHt: number;
  introEndsAt: string | null;
  nextDebitAt: string | null;
  cancelAtPeriodEnd: boolean;
  failedPayments: number;
  pastDueSince: string | null;
  suspendedAt: string | null;
  paymentMethod: string | null;
}

/** GET /admin/billing/invoices (AdminInvoiceDto): invoices and credit notes. */
export interface InvoiceRecord {
  id: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  issuedOn: string;
  periodStart: string | null;
  periodEnd: string | null;
  totalHt: number;
  totalVat: number;
  totalTtc: number;
  userId: string;
  customer: string;
  creditedInvoiceId: string | null;
  credited: number;
}

export const SUBSCRIPTIONS = 'billing/subscriptions';
export const INVOICES = 'billing/invoices';
export const COMPANY = 'billing/company';

/**
 * An invoice or credit note as printed: every mention French law asks for, frozen when it is issued
 * (stored as `billing_invoices.document`, rendered to the PDF and to the Factur-X XML from this alone).
 */
export interface InvoiceParty {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: 'FR';
  siren: string | null;
}

export interface InvoiceIssuer extends InvoiceParty {
  legalForm: string;
  capital: string;
  siret: string;
  rcs: string;
  vatNumber: string;
  email: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** cents, excluding VAT */
  unitPriceHt: number;
  totalHt: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  period: { start: string; end: string } | null;
  issuer: InvoiceIssuer;
  /** `siret`: the buyer's establishment when known (a fee note's business client), printed in the XML. */
  customer: InvoiceParty & { siret?: string | null };
  lines: InvoiceLine[];
  totalHt: number;
  vatRate: number;
  totalVat: number;
  totalTtc: number;
  /** already paid (debited) at issue: the amount still due is totalTtc - paid */
  paid: number;
  paymentMeans: 'sepa_debit' | 'card' | null;
  paymentTerms: string;
  latePenalties: string;
  recoveryFee: string;
  /** Credit notes: the invoice they cancel. */
  creditedNumber: string | null;
  reason: string | null;
}

export const VAT_RATE = 20;

export const PAYMENT_TERMS =
  'Facturation mensuelle à terme à échoir, payable à réception par prélèvement SEPA ou carte bancaire. Pas d’escompte pour paiement anticipé.';
export const LATE_PENALTIES =
  'En cas de retard de paiement, pénalités exigibles au taux de trois fois le taux d’intérêt légal en vigueur, dès le lendemain de la date d’échéance.';
export const RECOVERY_FEE =
  'Indemnité forfaitaire pour frais de recouvrement due au créancier professionnel en cas de retard de paiement : 40 € (articles L441-10 et D441-5 du Code de commerce).';

/** VAT of an amount excluding VAT, rounded to the cent (one line, one rate). */
export const vatOf = (totalHt: number, rate = VAT_RATE) => Math.round((totalHt * rate) / 100);

/** The printed number: prefix and the company's sequence on six digits (F-000042). */
export const invoiceNumber = (prefix: string, sequence: number) =>
  `${prefix}-${String(sequence).padStart(6, '0')}`;

/** An amount as French typography prints it: narrow no-break space between thousands, no-break space before €. */
export const euros = (cents: number) =>
  `${(cents / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0€`;

export const frenchDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
};

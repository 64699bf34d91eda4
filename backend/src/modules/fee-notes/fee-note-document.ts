import { crossIndustryInvoice, type InvoiceParty } from '../billing';

/** The mention the law asks of a professional under the VAT franchise (franchise en base). */
export const VAT_FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/**
 * A fee note (note d'honoraires) or credit note (avoir) as printed, every mention frozen when issued
 * (stored as `fee_notes.document`, rendered to the PDF and, for a business client, to Factur-X).
 */
export interface FeeNoteDocument {
  kind: 'fee_note' | 'credit_note';
  number: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  professional: {
    name: string;
    /** the bar's name for a lawyer ("Barreau de Lyon") */
    bar: string | null;
    siret: string | null;
    street: string;
    postalCode: string;
    city: string;
    email: string;
    vatNumber: string | null;
  };
  client: {
    name: string;
    email: string;
    company: { name: string; siret: string } | null;
  };
  service: { label: string; date: string };
  totalHt: number;
  vatRate: number;
  totalVat: number;
  totalTtc: number;
  /** the franchise mention, null when VAT is charged */
  vatMention: string | null;
  settlement: string;
  creditedNumber: string | null;
  reason: string | null;
}

/** The professional's numbering: year and a four-digit sequence, per professional ("2026-0001"). */
export const feeNoteNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(4, '0')}`;

/** HT and VAT of an amount paid TTC: rounded to the cent, the VAT being what is left. */
export function splitTtc(totalTtc: number, vatRate: number): { totalHt: number; totalVat: number } {
  const totalHt = vatRate === 0 ? totalTtc : Math.round((totalTtc * 100) / (100 + vatRate));
  return { totalHt, totalVat: totalTtc - totalHt };
}

/** The EN 16931 XML of a note to a business client (a note to a person gets none). */
export function feeNoteXml(doc: FeeNoteDocument): string | null {
  if (!doc.client.company) return null;
  const seller: InvoiceParty & { email: string; vatNumber: string | null } = {
    name: doc.professional.name,
    street: doc.professional.street,
    postalCode: doc.professional.postalCode,
    city: doc.professional.city,
    country: 'FR',
    siren: doc.professional.siret?.slice(0, 9) ?? null,
    email: doc.professional.email,
    vatNumber: doc.professional.vatNumber,
  };
  return crossIndustryInvoice({
    kind: doc.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: doc.number,
    issuedOn: doc.issuedOn,
    period: null,
    issuer: seller,
    customer: {
      name: doc.client.company.name,
      street: '',
      postalCode: '',
      city: '',
      country: 'FR',
      siren: doc.client.company.siret.slice(0, 9),
      siret: doc.client.company.siret,
    },
    lines: [
      {
        description: `${doc.service.label} du ${doc.service.date}`,
        quantity: 1,
        unitPriceHt: doc.totalHt,
        totalHt: doc.totalHt,
      },
    ],
    totalHt: doc.totalHt,
    vatRate: doc.vatRate,
    totalVat: doc.totalVat,
    totalTtc: doc.totalTtc,
    paid: doc.kind === 'fee_note' ? doc.totalTtc : 0,
    paymentMeans: 'card',
    paymentTerms: doc.settlement,
    creditedNumber: doc.creditedNumber,
    reason: doc.reason,
    registration: [doc.professional.bar, doc.professional.siret && `SIRET ${doc.professional.siret}`]
      .filter(Boolean)
      .join(' — '),
    latePenalties: null,
    recoveryFee: null,
    vatExemption: doc.vatMention,
  });
}

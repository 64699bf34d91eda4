import type { InvoiceDocument, InvoiceParty } from './invoice-document';

/**
 * What the XML needs of a document: our invoices, and the professionals' fee notes (whose seller is a
 * person, maybe without a VAT number, under the VAT franchise: category E with its exemption reason).
 */
export type FacturXDocument = Pick<
  InvoiceDocument,
  | 'kind'
  | 'number'
  | 'issuedOn'
  | 'period'
  | 'customer'
  | 'lines'
  | 'totalHt'
  | 'vatRate'
  | 'totalVat'
  | 'totalTtc'
  | 'paid'
  | 'paymentMeans'
  | 'paymentTerms'
  | 'creditedNumber'
  | 'reason'
> & {
  issuer: InvoiceParty & { email: string; vatNumber: string | null };
  /** The seller's legal mentions (REG note): legal form, capital, RCS and SIRET; a lawyer's bar and SIRET. */
  registration: string;
  latePenalties: string | null;
  recoveryFee: string | null;
  /** "TVA non applicable, art. 293 B du CGI": VAT category E instead of S. */
  vatExemption: string | null;
};

/**
 * The EN 16931 Cross Industry Invoice (UN/CEFACT CII D16B) of a document, Factur-X profile EN 16931
 * ("urn:cen.eu:en16931:2017"). Element order follows the CII schema (xs:sequence); the test validates the
 * result against the XSD shipped in backend/test/fixtures/factur-x.
 */
const esc = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const amount = (cents: number) => (cents / 100).toFixed(2);
const date102 = (isoDate: string) =>
  `<udt:DateTimeString format="102">${isoDate.replace(/-/g, '')}</udt:DateTimeString>`;

/**
 * The buyer's legal registration (BT-47): its SIRET when the document knows the establishment (ISO 6523 scheme
 * 0009: a business client of a fee note), otherwise its SIREN (scheme 0002); the seller's (BT-30) is its SIREN.
 */
function legalRegistration(p: InvoiceParty & { siret?: string | null }): string {
  const [scheme, id] = p.siret ? ['0009', p.siret] : p.siren ? ['0002', p.siren] : [null, null];
  return scheme
    ? `
        <ram:SpecifiedLegalOrganization><ram:ID schemeID="${scheme}">${esc(id!)}</ram:ID></ram:SpecifiedLegalOrganization>`
    : '';
}

function party(
  tag: string,
  p: InvoiceParty & { siret?: string | null },
  extra: { email?: string; vatNumber?: string } = {},
): string {
  return `<ram:${tag}>
        <ram:Name>${esc(p.name)}</ram:Name>${legalRegistration(p)}
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>${esc(p.postalCode)}</ram:PostcodeCode>
          <ram:LineOne>${esc(p.street)}</ram:LineOne>
          <ram:CityName>${esc(p.city)}</ram:CityName>
          <ram:CountryID>${p.country}</ram:CountryID>
        </ram:PostalTradeAddress>${
          extra.email
            ? `
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">${esc(extra.email)}</ram:URIID></ram:URIUniversalCommunication>`
            : ''
        }${
          extra.vatNumber
            ? `
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${esc(extra.vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
            : ''
        }
      </ram:${tag}>`;
}

export function facturXml(doc: InvoiceDocument): string {
  return crossIndustryInvoice({
    ...doc,
    registration: `${doc.issuer.legalForm} au capital de ${doc.issuer.capital} — ${doc.issuer.rcs} — SIRET ${doc.issuer.siret}`,
    vatExemption: null,
  });
}

export function crossIndustryInvoice(doc: FacturXDocument): string {
  const category = doc.vatExemption ? 'E' : 'S';
  const exemption = doc.vatExemption
    ? `
        <ram:ExemptionReason>${esc(doc.vatExemption)}</ram:ExemptionReason>`
    : '';
  const period = doc.period
    ? `<ram:BillingSpecifiedPeriod>
          <ram:StartDateTime>${date102(doc.period.start)}</ram:StartDateTime>
          <ram:EndDateTime>${date102(doc.period.end)}</ram:EndDateTime>
        </ram:BillingSpecifiedPeriod>`
    : '';
  const lines = doc.lines
    .map(
      (line, index) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${esc(line.description)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(line.unitPriceHt)}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${line.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>${category}</ram:CategoryCode>
          <ram:RateApplicablePercent>${doc.vatRate}</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        ${period}
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(line.totalHt)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  // UNTDID 4461: 59 SEPA direct debit, 48 bank card.
  const means = doc.paymentMeans === 'sepa_debit' ? '59' : doc.paymentMeans === 'card' ? '48' : '30';
  const notes = [
    [doc.reason, 'AAI'],
    [doc.latePenalties, 'PMD'],
    [doc.recoveryFee, 'PMT'],
    [doc.registration, 'REG'],
  ]
    .filter((note): note is [string, string] => Boolean(note[0]))
    .map(
      ([content, subject]) =>
        `
    <ram:IncludedNote><ram:Content>${esc(content)}</ram:Content><ram:SubjectCode>${subject}</ram:SubjectCode></ram:IncludedNote>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${esc(doc.number)}</ram:ID>
    <ram:TypeCode>${doc.kind === 'credit_note' ? '381' : '380'}</ram:TypeCode>
    <ram:IssueDateTime>${date102(doc.issuedOn)}</ram:IssueDateTime>${notes}
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>
      ${party('SellerTradeParty', { ...doc.issuer, siret: null }, { email: doc.issuer.email, vatNumber: doc.issuer.vatNumber ?? undefined })}
      ${party('BuyerTradeParty', doc.customer)}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${means}</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${amount(doc.totalVat)}</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>${exemption}
        <ram:BasisAmount>${amount(doc.totalHt)}</ram:BasisAmount>
        <ram:CategoryCode>${category}</ram:CategoryCode>
        <ram:RateApplicablePercent>${doc.vatRate}</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      ${period}
      <ram:SpecifiedTradePaymentTerms><ram:Description>${esc(doc.paymentTerms)}</ram:Description></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${amount(doc.totalHt)}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${amount(doc.totalHt)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${amount(doc.totalVat)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${amount(doc.totalTtc)}</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>${amount(doc.paid)}</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>${amount(doc.totalTtc - doc.paid)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>${
        doc.creditedNumber
          ? `
      <ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${esc(doc.creditedNumber)}</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>`
          : ''
      }
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

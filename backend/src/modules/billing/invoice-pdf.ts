import { rgb, type PDFPage } from '@cantoo/pdf-lib';
import { attachFacturX, createPdfA, printable, wrap } from '../../common/pdfa';
import { euros, frenchDate, type InvoiceDocument } from './invoice-document';

export { FACTURX_FILENAME } from '../../common/pdfa';

/**
 * The printable invoice (A4, French) as a PDF/A-3B with its Factur-X XML embedded as `factur-x.xml`
 * (AFRelationship Alternative, listed in the catalog's AF array, as the Factur-X specification asks
 * for the EN 16931 profile). PDF/A-3 is what Factur-X requires: embedded fonts, an sRGB output
 * intent, a file identifier, and XMP metadata that says the same as the Info dictionary plus the
 * Factur-X properties that tell readers and PDPs where the structured invoice is.
 */
export async function invoicePdf(doc: InvoiceDocument, xml: string, createdAt: Date): Promise<Buffer> {
  const title = `${doc.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${doc.number}`;
  const { pdf, regular, bold } = await createPdfA({
    title,
    author: doc.issuer.name,
    creator: 'RDV billing',
    idSeed: `${doc.number}|${createdAt.toISOString()}`,
    createdAt,
    facturX: true,
  });
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const left = 50;
  const right = 545;
  let y = 790;
  const text = (value: string, x: number, size = 10, font = regular) =>
    page.drawText(printable(value, font), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  const block = (lines: string[], x: number, size = 9) => {
    for (const line of lines) {
      text(line, x, size);
      y -= size + 3;
    }
  };

  text(title, left, 18, bold);
  y -= 28;
  const top = y;
  const issuer = doc.issuer;
  block(
    [
      issuer.name,
      `${issuer.legalForm} au capital de ${issuer.capital}`,
      issuer.street,
      `${issuer.postalCode} ${issuer.city}`,
      `SIREN ${issuer.siren} — SIRET ${issuer.siret}`,
      issuer.rcs,
      `TVA intracommunautaire ${issuer.vatNumber}`,
      issuer.email,
    ],
    left,
  );
  const afterIssuer = y;
  y = top;
  text('Client', 330, 10, bold);
  y -= 13;
  block(
    [
      doc.customer.name,
      doc.customer.street,
      `${doc.customer.postalCode} ${doc.customer.city}`,
      ...(doc.customer.siren ? [`SIREN ${doc.customer.siren}`] : []),
    ],
    330,
  );
  y = Math.min(y, afterIssuer) - 16;
  block(
    [
      `Date d’émission : ${frenchDate(doc.issuedOn)}`,
      ...(doc.period
        ? [`Période : du ${frenchDate(doc.period.start)} au ${frenchDate(doc.period.end)}`]
        : []),
      ...(doc.creditedNumber ? [`Avoir sur la facture ${doc.creditedNumber}`] : []),
      ...(doc.reason ? [`Motif : ${doc.reason}`] : []),
    ],
    left,
    10,
  );
  y -= 14;

  // Lines
  const cols = { description: left, quantity: 330, unit: 380, total: 470 };
  page.drawRectangle({
    x: left - 4,
    y: y - 4,
    width: right - left + 8,
    height: 18,
    color: rgb(0.92, 0.92, 0.95),
  });
  text('Désignation', cols.description, 9, bold);
  text('Qté', cols.quantity, 9, bold);
  text('PU HT', cols.unit, 9, bold);
  text('Total HT', cols.total, 9, bold);
  y -= 20;
  for (const line of doc.lines) {
    const described = wrap(
      printable(line.description, regular),
      regular,
      9,
      cols.quantity - cols.description - 10,
    );
    text(String(line.quantity), cols.quantity, 9);
    text(euros(line.unitPriceHt), cols.unit, 9);
    text(euros(line.totalHt), cols.total, 9);
    block(described, cols.description);
    y -= 4;
  }
  page.drawLine({
    start: { x: left - 4, y: y + 6 },
    end: { x: right + 4, y: y + 6 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  y -= 8;
  const total = (label: string, value: string, font = regular) => {
    text(label, 360, 10, font);
    page.drawText(value, {
      x: right - font.widthOfTextAtSize(value, 10),
      y,
      size: 10,
      font,
      color: rgb(0.1, 0.1, 0.1),
    });
    y -= 15;
  };
  total('Total HT', euros(doc.totalHt));
  total(`TVA ${doc.vatRate} %`, euros(doc.totalVat));
  total('Total TTC', euros(doc.totalTtc), bold);
  if (doc.kind === 'invoice') {
    total('Déjà réglé', euros(doc.paid));
    total('Reste à payer', euros(doc.totalTtc - doc.paid), bold);
  }
  y -= 16;
  for (const paragraph of [doc.paymentTerms, doc.latePenalties, doc.recoveryFee]) {
    block(wrap(printable(paragraph, regular), regular, 8, right - left), left, 8);
    y -= 4;
  }
  y = 40;
  text(
    `${issuer.name} — ${issuer.legalForm} au capital de ${issuer.capital} — ${issuer.rcs} — TVA ${issuer.vatNumber}`,
    left,
    7,
  );
  y = 30;
  text(
    'Facture électronique Factur-X (EN 16931) : les données structurées sont jointes à ce PDF (factur-x.xml).',
    left,
    7,
  );

  await attachFacturX(pdf, xml, createdAt);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

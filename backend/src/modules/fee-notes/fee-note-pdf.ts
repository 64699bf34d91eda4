import { rgb } from '@cantoo/pdf-lib';
import { attachFacturX, createPdfA, printable, wrap } from '../../common/pdfa';
import { euros, frenchDate } from '../billing';
import type { FeeNoteDocument } from './fee-note-document';

/**
 * The printable fee note or credit note (A4, French), PDF/A-3B like our own invoices; a note to a business
 * client carries its Factur-X XML (`xml`), embedded as `factur-x.xml`.
 */
export async function feeNotePdf(doc: FeeNoteDocument, xml: string | null, createdAt: Date): Promise<Buffer> {
  const title = `${doc.kind === 'credit_note' ? 'Avoir' : 'Note d’honoraires'} n° ${doc.number}`;
  const { pdf, regular, bold } = await createPdfA({
    title,
    author: doc.professional.name,
    creator: 'RDV fee notes',
    idSeed: `${doc.professional.email}|${doc.number}|${createdAt.toISOString()}`,
    createdAt,
    facturX: xml !== null,
  });
  const page = pdf.addPage([595.28, 841.89]);
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
  const pro = doc.professional;

  text(title, left, 18, bold);
  y -= 28;
  const top = y;
  block(
    [
      pro.name,
      ...(pro.bar ? [`Avocat au ${pro.bar}`] : []),
      pro.street,
      `${pro.postalCode} ${pro.city}`.trim(),
      ...(pro.siret ? [`SIRET ${pro.siret}`] : []),
      ...(pro.vatNumber ? [`TVA intracommunautaire ${pro.vatNumber}`] : []),
      pro.email,
    ].filter(Boolean),
    left,
  );
  const afterIssuer = y;
  y = top;
  text('Client', 330, 10, bold);
  y -= 13;
  const company = doc.client.company;
  block(
    [...(company ? [company.name, `SIRET ${company.siret}`] : []), doc.client.name, doc.client.email],
    330,
  );
  y = Math.min(y, afterIssuer) - 16;
  block(
    [
      `Date d’émission : ${frenchDate(doc.issuedOn)}`,
      ...(doc.creditedNumber ? [`Avoir sur la note d’honoraires n° ${doc.creditedNumber}`] : []),
      ...(doc.reason ? [`Motif : ${doc.reason}`] : []),
    ],
    left,
    10,
  );
  y -= 14;

  page.drawRectangle({
    x: left - 4,
    y: y - 4,
    width: right - left + 8,
    height: 18,
    color: rgb(0.92, 0.92, 0.95),
  });
  text('Prestation', left, 9, bold);
  text('Montant HT', 470, 9, bold);
  y -= 20;
  const service = `${doc.service.label} — consultation du ${doc.service.date}`;
  text(euros(doc.totalHt), 470, 9);
  block(wrap(printable(service, regular), regular, 9, 400), left);
  y -= 12;
  const total = (label: string, value: string, font = regular) => {
    text(label, 330, 10, font);
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
  total(doc.vatMention ? 'TVA' : `TVA ${doc.vatRate} %`, euros(doc.totalVat));
  total('Total TTC', euros(doc.totalTtc), bold);
  y -= 10;
  if (doc.vatMention) {
    text(doc.vatMention, left, 9, bold);
    y -= 16;
  }
  block(wrap(printable(doc.settlement, regular), regular, 8, right - left), left, 8);
  y = 40;
  text(`Note émise par la plateforme de rendez-vous au nom et pour le compte de ${pro.name}.`, left, 7);
  if (xml !== null) {
    y = 30;
    text(
      'Facture électronique Factur-X (EN 16931) : les données structurées sont jointes à ce PDF (factur-x.xml).',
      left,
      7,
    );
    await attachFacturX(pdf, xml, createdAt);
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

import { PDFDocument } from '@cantoo/pdf-lib';
import { pdfText } from '../../../test/support/pdf-text';
import { feeNoteXml, splitTtc, VAT_FRANCHISE_MENTION, type FeeNoteDocument } from './fee-note-document';
import { feeNotePdf } from './fee-note-pdf';

const note = (overrides: Partial<FeeNoteDocument> = {}): FeeNoteDocument => ({
  kind: 'fee_note',
  number: '2026-0007',
  issuedOn: '2026-11-27',
  professional: {
    name: 'Claire Martin',
    bar: 'Barreau de Lyon',
    siret: '12345678900012',
    street: '12 rue de la République',
    postalCode: '69002',
    city: 'Lyon',
    email: 'claire.martin@avocat.example',
    vatNumber: null,
  },
  client: { name: 'Alice Durand', email: 'alice@example.test', company: null },
  service: { label: 'Première consultation', date: '03/12/2026 à 10:00' },
  totalHt: 8000,
  vatRate: 0,
  totalVat: 0,
  totalTtc: 8000,
  vatMention: VAT_FRANCHISE_MENTION,
  settlement: 'Honoraires réglés par carte bancaire lors de la réservation, encaissés le 27/11/2026.',
  creditedNumber: null,
  reason: null,
  ...overrides,
});

describe('fee note PDF', () => {
  it('prints every mandatory mention: professional, bar, SIRET, address, client, service, amounts, VAT franchise', async () => {
    const text = await pdfText(await feeNotePdf(note(), null, new Date('2026-11-27T10:00:00Z')));
    for (const mention of [
      'Note d’honoraires n° 2026-0007',
      'Claire Martin',
      'Avocat au Barreau de Lyon',
      'SIRET 12345678900012',
      '12 rue de la République',
      '69002 Lyon',
      'Alice Durand',
      'Date d’émission : 27/11/2026',
      'Première consultation — consultation du 03/12/2026 à 10:00',
      'Total HT',
      'Total TTC',
      '80,00\u00a0€',
      'TVA non applicable, art. 293 B du CGI',
    ])
      expect(text).toContain(mention);
    expect(text).not.toContain('TVA intracommunautaire');
  });

  it('with VAT: the rate, the VAT number and HT/TVA/TTC split to the cent; no franchise mention', async () => {
    const { totalHt, totalVat } = splitTtc(8000, 20);
    expect({ totalHt, totalVat }).toEqual({ totalHt: 6667, totalVat: 1333 });
    const text = await pdfText(
      await feeNotePdf(
        note({
          professional: { ...note().professional, vatNumber: 'FR12123456789' },
          totalHt,
          vatRate: 20,
          totalVat,
          vatMention: null,
        }),
        null,
        new Date(),
      ),
    );
    expect(text).toContain('TVA intracommunautaire FR12123456789');
    expect(text).toContain('TVA 20 %');
    expect(text).toContain('66,67\u00a0€');
    expect(text).toContain('13,33\u00a0€');
    expect(text).not.toContain('293 B');
  });

  it('a credit note names the fee note it refers to and why', async () => {
    const text = await pdfText(
      await feeNotePdf(
        note({
          kind: 'credit_note',
          number: '2026-0008',
          creditedNumber: '2026-0007',
          reason: 'Demande refusée',
        }),
        null,
        new Date(),
      ),
    );
    expect(text).toContain('Avoir n° 2026-0008');
    expect(text).toContain('Avoir sur la note d’honoraires n° 2026-0007');
    expect(text).toContain('Motif : Demande refusée');
  });

  it('a business client gets the Factur-X XML (VAT category E with its exemption reason) embedded', async () => {
    const doc = note({
      client: { ...note().client, company: { name: 'ACME SAS', siret: '98765432100015' } },
    });
    const xml = feeNoteXml(doc)!;
    expect(xml).toContain('<ram:ID>2026-0007</ram:ID>');
    expect(xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(xml).toContain(`<ram:ExemptionReason>${VAT_FRANCHISE_MENTION}</ram:ExemptionReason>`);
    expect(xml).toContain('<ram:Name>ACME SAS</ram:Name>');
    const pdf = await PDFDocument.load(await feeNotePdf(doc, xml, new Date()));
    const [attached, ...others] = pdf.getAttachments();
    expect(others).toHaveLength(0);
    expect(attached.name).toBe('factur-x.xml');
    expect(Buffer.from(attached.data).toString('utf8')).toBe(xml);
    expect(feeNoteXml(note())).toBeNull();
  });
});

import fontkit from '@cantoo/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { LATE_PENALTIES, PAYMENT_TERMS, RECOVERY_FEE, type InvoiceDocument } from './invoice-document';
import { FACTURX_FILENAME, invoicePdf } from './invoice-pdf';

/**
 * The structural requirements of PDF/A-3B (ISO 19005-3) that Factur-X relies on, read back from
 * the generated file. No PDF/A validator (veraPDF) can be installed here, so these are checked
 * one by one: embedded fonts, sRGB output intent, file identifier, no encryption, XMP that says
 * what the Info dictionary says, and the Factur-X XML as an associated file.
 */

const issuedAt = new Date('2026-11-02T09:30:00.123Z');
const xml =
  '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice>Société</rsm:CrossIndustryInvoice>';

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  number: 'F-000042',
  issuedOn: '2026-11-02',
  period: { start: '2026-11-02', end: '2026-12-01' },
  issuer: {
    name: 'Réservations Légales & Cie',
    street: '8 rue de l’Église',
    postalCode: '75011',
    city: 'Paris',
    country: 'FR',
    siren: '732829320',
    legalForm: 'SAS',
    capital: '10 000 €',
    siret: '73282932000074',
    rcs: 'RCS Paris 732 829 320',
    vatNumber: 'FR44732829320',
    email: 'facturation@example.fr',
  },
  customer: {
    name: 'Cabinet Dubois & Associés',
    street: '12 rue de la République',
    postalCode: '69002',
    city: 'Lyon',
    country: 'FR',
    siren: null,
  },
  lines: [
    {
      description: 'Abonnement « Cabinet » du 02/11/2026 au 01/12/2026',
      quantity: 1,
      unitPriceHt: 123450,
      totalHt: 123450,
    },
  ],
  totalHt: 123450,
  vatRate: 20,
  totalVat: 24690,
  totalTtc: 148140,
  paid: 148140,
  paymentMeans: 'card',
  paymentTerms: PAYMENT_TERMS,
  latePenalties: LATE_PENALTIES,
  recoveryFee: RECOVERY_FEE,
  creditedNumber: null,
  reason: null,
  ...overrides,
});

const bytesOf = (stream: PDFStream) =>
  Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());
const textOf = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** Every object of the file that is a dictionary (or a stream's dictionary). */
function dictionaries(pdf: PDFDocument): PDFDict[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => (object instanceof PDFStream ? object.dict : object))
    .filter((object): object is PDFDict => object instanceof PDFDict);
}

/** The code points a font's ToUnicode CMap maps its glyphs to: what the page can show with it. */
function unicodeOf(font: PDFDict): Set<number> {
  const cmap = bytesOf(font.lookup(PDFName.of('ToUnicode'), PDFStream)).toString('latin1');
  const points = new Set<number>();
  for (const [, hex] of cmap.matchAll(/<[0-9a-fA-F]+>\s*<([0-9a-fA-F]+)>/g)) {
    points.add(String.fromCharCode(...hex.match(/.{4}/g)!.map((unit) => parseInt(unit, 16))).codePointAt(0)!);
  }
  return points;
}

describe('invoice PDF (PDF/A-3B, Factur-X)', () => {
  let bytes: Buffer;
  let pdf: PDFDocument;

  beforeAll(async () => {
    bytes = await invoicePdf(invoice(), xml, issuedAt);
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  });

  it('is a PDF 1.7 file with a binary comment, a file identifier and no encryption', () => {
    expect(bytes.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
    // ISO 19005: the header is followed by a comment of at least four bytes above 127.
    const comment = bytes.subarray(9, bytes.indexOf(0x0a, 9));
    expect(comment[0]).toBe(0x25);
    expect([...comment.subarray(1)].filter((byte) => byte > 127).length).toBeGreaterThanOrEqual(4);
    const id = pdf.context.lookup(pdf.context.trailerInfo.ID, PDFArray);
    expect(id.size()).toBe(2);
    const [first, second] = [id.get(0), id.get(1)].map((part) => (part as PDFHexString).asString());
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(pdf.context.trailerInfo.Encrypt).toBeUndefined();
    expect(pdf.isEncrypted).toBe(false);
    expect(bytes.includes('/Encrypt')).toBe(false);
  });

  it('embeds every font it uses (a subset of DejaVu Sans), none of the standard 14 unembedded ones', () => {
    const fonts = dictionaries(pdf).filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font'));
    const drawn = fonts.filter((font) => font.get(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2'));
    expect(drawn.length).toBe(2);
    for (const font of drawn) {
      expect(font.get(PDFName.of('Subtype'))).toBe(PDFName.of('Type0'));
      const [descendant] = font.lookup(PDFName.of('DescendantFonts'), PDFArray).asArray();
      const cidFont = pdf.context.lookup(descendant, PDFDict);
      expect(cidFont.get(PDFName.of('Subtype'))).toBe(PDFName.of('CIDFontType2'));
      expect(cidFont.get(PDFName.of('CIDToGIDMap'))).toBe(PDFName.of('Identity'));
      const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
      expect(descriptor.get(PDFName.of('FontName'))?.toString()).toMatch(/^\/[A-Z]{6}\+DejaVuSans/);
      const program = descriptor.lookup(PDFName.of('FontFile2'), PDFStream);
      // A TrueType program (sfnt version 0x00010000, or "true" as fontkit's subsetter writes it;
      // not "OTTO", CFF outlines that belong in FontFile3), cut down to the glyphs used (DejaVu Sans is 740 KB).
      expect(['00010000', '74727565']).toContain(bytesOf(program).subarray(0, 4).toString('hex'));
      expect(bytesOf(program).length).toBeLessThan(100_000);
      // The widths the page is laid out with are the program's own (ISO 19005-3, 6.2.11.5).
      const embedded = fontkit.create(bytesOf(program));
      if (!('getGlyph' in embedded)) throw new Error('a single font is embedded, not a collection');
      const widths = cidFont.lookup(PDFName.of('W'), PDFArray).asArray();
      let checked = 0;
      for (let i = 0; i < widths.length; i += 2) {
        const first = (widths[i] as PDFNumber).asNumber();
        (widths[i + 1] as PDFArray).asArray().forEach((width, offset) => {
          // A width for a glyph the program does not have fails here too.
          const glyph = embedded.getGlyph(first + offset);
          expect(glyph).not.toBeNull();
          expect(
            Math.abs((glyph!.advanceWidth * 1000) / embedded.unitsPerEm - (width as PDFNumber).asNumber()),
          ).toBeLessThanOrEqual(1);
          checked += 1;
        });
      }
      expect(checked).toBeGreaterThan(10);
    }
  });

  it('prints accents, « », € and the narrow no-break space of amounts with the embedded font', () => {
    const fonts = dictionaries(pdf).filter(
      (dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font') && dict.has(PDFName.of('ToUnicode')),
    );
    const shown = new Set(fonts.flatMap((font) => [...unicodeOf(font)]));
    for (const char of ['é', 'É', 'è', 'à', '’', '«', '»', '€', '\u202f', '\u00a0', '—'])
      expect({ char, shown: shown.has(char.codePointAt(0)!) }).toEqual({ char, shown: true });
  });

  it('has an sRGB output intent (GTS_PDFA1) with its ICC profile embedded', () => {
    const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(textOf(intent.get(PDFName.of('OutputConditionIdentifier')))).toBe('sRGB IEC61966-2.1');
    const profile = intent.lookup(PDFName.of('DestOutputProfile'), PDFStream);
    expect(profile.dict.lookup(PDFName.of('N'), PDFNumber).asNumber()).toBe(3);
    const icc = bytesOf(profile);
    expect(icc.readUInt32BE(0)).toBe(icc.length);
    expect(icc.subarray(12, 20).toString('latin1')).toBe('mntrRGB ');
    expect(icc.subarray(36, 40).toString('latin1')).toBe('acsp');
  });

  it('declares PDF/A-3B and Factur-X EN 16931 in XMP that matches the Info dictionary', () => {
    const metadata = pdf.catalog.lookup(PDFName.of('Metadata'), PDFStream);
    expect(metadata.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('XML'));
    // Left unfiltered so any reader finds the packet.
    expect(metadata.dict.has(PDFName.of('Filter'))).toBe(false);
    const xmp = bytesOf(metadata).toString('utf8');
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    // Each Info entry has its XMP twin with the same value (UTF-8, XML-escaped).
    expect(pdf.getTitle()).toBe('Facture F-000042');
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Facture F-000042</rdf:li>');
    expect(pdf.getAuthor()).toBe('Réservations Légales & Cie');
    expect(xmp).toContain('<dc:creator><rdf:Seq><rdf:li>Réservations Légales &amp; Cie</rdf:li></rdf:Seq>');
    expect(pdf.getProducer()).toBe('RDV billing');
    expect(xmp).toContain('<pdf:Producer>RDV billing</pdf:Producer>');
    expect(pdf.getCreator()).toBe('RDV billing');
    expect(xmp).toContain('<xmp:CreatorTool>RDV billing</xmp:CreatorTool>');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-02T09:30:00.000Z');
    expect(xmp).toContain('<xmp:CreateDate>2026-11-02T09:30:00Z</xmp:CreateDate>');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2026-11-02T09:30:00.000Z');
    expect(xmp).toContain('<xmp:ModifyDate>2026-11-02T09:30:00Z</xmp:ModifyDate>');
  });

  it('embeds factur-x.xml as an associated file (AFRelationship Alternative, in the catalog AF array)', () => {
    const names = pdf.catalog
      .lookup(PDFName.of('Names'), PDFDict)
      .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
      .lookup(PDFName.of('Names'), PDFArray);
    expect(names.size()).toBe(2);
    expect(textOf(names.lookup(0))).toBe(FACTURX_FILENAME);
    const specRef = names.get(1) as PDFRef;
    const spec = pdf.context.lookup(specRef, PDFDict);
    expect(spec.get(PDFName.of('Type'))).toBe(PDFName.of('Filespec'));
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect(textOf(spec.get(PDFName.of('F')))).toBe(FACTURX_FILENAME);
    expect(textOf(spec.get(PDFName.of('UF')))).toBe(FACTURX_FILENAME);
    const af = pdf.catalog.lookup(PDFName.of('AF'), PDFArray).asArray();
    expect(af).toEqual([specRef]);
    const file = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream);
    expect(file.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
    const params = file.dict.lookup(PDFName.of('Params'), PDFDict);
    expect(textOf(params.get(PDFName.of('ModDate')))).toBe('D:20261102093000Z');
    expect(bytesOf(file).toString('utf8')).toBe(xml);
  });

  it('uses no transparency, no JavaScript and no action', () => {
    for (const dict of dictionaries(pdf)) {
      for (const key of ['SMask', 'JS', 'JavaScript', 'AA', 'OpenAction', 'Group'])
        expect({ key, present: dict.has(PDFName.of(key)) }).toEqual({ key, present: false });
      for (const key of ['CA', 'ca']) {
        const alpha = dict.get(PDFName.of(key));
        if (alpha) expect((alpha as PDFNumber).asNumber()).toBe(1);
      }
    }
  });

  it('prints a credit note the same way, and a character the font lacks as "?" rather than .notdef', async () => {
    const credit = await invoicePdf(
      invoice({
        kind: 'credit_note',
        number: 'A-000007',
        creditedNumber: 'F-000042',
        reason: 'Résiliation « anticipée »',
        customer: { ...invoice().customer, name: 'Cabinet 🦊 Morel' },
      }),
      xml,
      issuedAt,
    );
    const read = await PDFDocument.load(credit, { updateMetadata: false });
    expect(read.getTitle()).toBe('Avoir A-000007');
    const id = read.context.lookup(read.context.trailerInfo.ID, PDFArray);
    // Another document, another identifier.
    expect((id.get(0) as PDFHexString).asString()).not.toBe(
      (pdf.context.lookup(pdf.context.trailerInfo.ID, PDFArray).get(0) as PDFHexString).asString(),
    );
    // No text-showing operator draws glyph 0, .notdef (ISO 19005-3, 6.2.11.8).
    const contents = read
      .getPages()
      .map((page) => page.node.Contents())
      .flatMap((contents) => (contents instanceof PDFArray ? contents.asArray() : [contents]))
      .map((stream) => bytesOf(read.context.lookup(stream, PDFStream)).toString('latin1'))
      .join('\n');
    const glyphs = [...contents.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].flatMap(
      ([, hex]) => hex.match(/.{4}/g) ?? [],
    );
    expect(glyphs.length).toBeGreaterThan(100);
    expect(glyphs.filter((glyph) => glyph === '0000')).toEqual([]);
    const fonts = dictionaries(read).filter(
      (dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font') && dict.has(PDFName.of('ToUnicode')),
    );
    const shown = new Set(fonts.flatMap((font) => [...unicodeOf(font)]));
    expect(shown.has('?'.codePointAt(0)!)).toBe(true);
    expect(shown.has('🦊'.codePointAt(0)!)).toBe(false);
    expect(shown.has('«'.codePointAt(0)!)).toBe(true);
  });
});

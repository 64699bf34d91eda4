import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fontkit from '@cantoo/fontkit';
import { AFRelationship, PDFDocument, PDFHexString, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { euros, frenchDate, type InvoiceDocument } from './invoice-document';

/** Name Factur-X requires for the embedded XML. */
export const FACTURX_FILENAME = 'factur-x.xml';

/**
 * The Factur-X properties (fx:) of the XMP packet. pdf-lib writes the dc/xmp/pdf/pdfaid
 * descriptions itself from the Info dictionary (PDF/A wants both to say the same thing).
 */
const FACTURX_DESCRIPTION = `<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
  </rdf:Description>`;

/** The PDF/A extension schema that declares the fx: properties (validators refuse undeclared ones). */
const FACTURX_EXTENSION_SCHEMA = `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
   <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
    <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
    <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
    <pdfaSchema:prefix>fx</pdfaSchema:prefix>
    <pdfaSchema:property><rdf:Seq>
     <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>name of the embedded XML invoice file</pdfaProperty:description></rdf:li>
     <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>INVOICE</pdfaProperty:description></rdf:li>
     <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the Factur-X XML schema</pdfaProperty:description></rdf:li>
     <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded Factur-X data</pdfaProperty:description></rdf:li>
    </rdf:Seq></pdfaSchema:property>
   </rdf:li></rdf:Bag></pdfaExtension:schemas>
  </rdf:Description>`;

/**
 * DejaVu Sans (Bitstream Vera licence, shipped by the dejavu-fonts-ttf package), embedded as a
 * subset: PDF/A forbids the non-embedded standard fonts, and DejaVu has every character an
 * invoice prints (accents, œ, « », €, the narrow no-break space of French amounts). Read once.
 */
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
const dejaVu = () =>
  (fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

/**
 * fontkit, parsing each font file once per process: parsing DejaVu takes most of an invoice's ~90 ms,
 * and a parsed font is only read afterwards (each document makes its own subset of it).
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsedFonts = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const fontkitParsingOnce: Fontkit = {
  create(buffer) {
    let font = parsedFonts.get(buffer);
    if (font === undefined) parsedFonts.set(buffer, (font = fontkit.create(buffer)));
    return font;
  },
};

/**
 * A text the font can draw: composed accents, and a character the font lacks (an emoji in a
 * firm name) shown as "?" — drawing it would print the .notdef glyph, which PDF/A forbids.
 */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function printable(value: string, font: PDFFont): string {
  let known = characterSets.get(font);
  if (!known) characterSets.set(font, (known = new Set(font.getCharacterSet())));
  return Array.from(value.normalize('NFC'), (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join(
    '',
  );
}

/** Splits a text into lines that fit `width` at `size` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  // Only ordinary spaces break a line: a no-break space (« 40 € », amounts) keeps its words together.
  for (const word of text.split(/[ \t\n]+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * The printable invoice (A4, French) as a PDF/A-3B with its Factur-X XML embedded as `factur-x.xml`
 * (AFRelationship Alternative, listed in the catalog's AF array, as the Factur-X specification asks
 * for the EN 16931 profile). PDF/A-3 is what Factur-X requires: embedded fonts, an sRGB output
 * intent, a file identifier, and XMP metadata that says the same as the Info dictionary plus the
 * Factur-X properties that tell readers and PDPs where the structured invoice is.
 */
export async function invoicePdf(doc: InvoiceDocument, xml: string, createdAt: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitParsingOnce);
  const title = `${doc.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${doc.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(doc.issuer.name);
  pdf.setProducer('RDV billing');
  pdf.setCreator('RDV billing');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  pdf.setLanguage('fr-FR');
  // The file identifier PDF/A requires, derived from the invoice so the same document keeps the same one.
  const id = PDFHexString.of(
    createHash('sha256').update(`${doc.number}|${createdAt.toISOString()}`).digest('hex').slice(0, 32),
  );
  pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);
  // OutputIntent GTS_PDFA1 with pdf-lib's bundled sRGB IEC61966-2.1 profile (every colour below
  // is DeviceRGB), PDF 1.7 header, pdfaid part 3 / B in the XMP packet.
  pdf.convertToPDFA({
    conformance: '3B',
    extensions: [FACTURX_DESCRIPTION, FACTURX_EXTENSION_SCHEMA],
  });
  const { regular: regularBytes, bold: boldBytes } = dejaVu();
  // A subset's name starts with a six-letter tag and "+" (ISO 32000-1, 9.6.4), so readers and
  // validators know the font program holds only the glyphs used.
  const regular = await pdf.embedFont(regularBytes, { subset: true, customName: 'RDVAAA+DejaVuSans' });
  const bold = await pdf.embedFont(boldBytes, { subset: true, customName: 'RDVAAB+DejaVuSans-Bold' });
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

  await pdf.attach(Buffer.from(xml, 'utf8'), FACTURX_FILENAME, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    creationDate: createdAt,
    modificationDate: createdAt,
    afRelationship: AFRelationship.Alternative,
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

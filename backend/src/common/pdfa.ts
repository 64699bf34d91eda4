import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fontkit from '@cantoo/fontkit';
import { AFRelationship, PDFDocument, PDFHexString, type PDFFont } from '@cantoo/pdf-lib';

// The PDF/A-3B machinery shared by our invoices (billing) and the professionals' fee notes (fee-notes):
// embedded DejaVu fonts, the Factur-X XMP properties and the embedded XML.

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
export function printable(value: string, font: PDFFont): string {
  let known = characterSets.get(font);
  if (!known) characterSets.set(font, (known = new Set(font.getCharacterSet())));
  return Array.from(value.normalize('NFC'), (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join(
    '',
  );
}

/** Splits a text into lines that fit `width` at `size` points. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
 * A new A4-ready PDF/A-3B document with DejaVu embedded as subsets: OutputIntent GTS_PDFA1 with pdf-lib's
 * bundled sRGB profile, PDF 1.7 header, a file identifier derived from `idSeed` (the same document keeps the
 * same one), the Info dictionary and, with `facturX`, the XMP properties that tell readers where the
 * structured invoice is.
 */
export async function createPdfA(meta: {
  title: string;
  author: string;
  creator: string;
  idSeed: string;
  createdAt: Date;
  facturX: boolean;
}): Promise<{ pdf: PDFDocument; regular: PDFFont; bold: PDFFont }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitParsingOnce);
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setProducer(meta.creator);
  pdf.setCreator(meta.creator);
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);
  pdf.setLanguage('fr-FR');
  const id = PDFHexString.of(createHash('sha256').update(meta.idSeed).digest('hex').slice(0, 32));
  pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);
  pdf.convertToPDFA({
    conformance: '3B',
    extensions: meta.facturX ? [FACTURX_DESCRIPTION, FACTURX_EXTENSION_SCHEMA] : [],
  });
  const { regular: regularBytes, bold: boldBytes } = dejaVu();
  // A subset's name starts with a six-letter tag and "+" (ISO 32000-1, 9.6.4), so readers and
  // validators know the font program holds only the glyphs used.
  const regular = await pdf.embedFont(regularBytes, { subset: true, customName: 'RDVAAA+DejaVuSans' });
  const bold = await pdf.embedFont(boldBytes, { subset: true, customName: 'RDVAAB+DejaVuSans-Bold' });
  return { pdf, regular, bold };
}

/** Embeds the Factur-X XML as `factur-x.xml` (AFRelationship Alternative, in the catalog's AF array). */
export async function attachFacturX(pdf: PDFDocument, xml: string, createdAt: Date): Promise<void> {
  await pdf.attach(Buffer.from(xml, 'utf8'), FACTURX_FILENAME, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    creationDate: createdAt,
    modificationDate: createdAt,
    afRelationship: AFRelationship.Alternative,
  });
}

import {
  AFRelationship,
  PDFDocument,
  PDFName,
  PDFString,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { euros, frenchDate, type InvoiceDocument } from './invoice-document';

/** Name Factur-X requires for the embedded XML. */
export const FACTURX_FILENAME = 'factur-x.xml';

const fxXmp = (
  doc: InvoiceDocument,
  created: string,
) => `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${doc.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${doc.number}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${doc.issuer.name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</rdf:li></rdf:Seq></dc:creator>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreateDate>${created}</xmp:CreateDate>
   <xmp:ModifyDate>${created}</xmp:ModifyDate>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>RDV billing</pdf:Producer>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
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
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;

/** Splits a text into lines that fit `width` at `size` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
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
 * The printable invoice (A4, French) with its Factur-X XML embedded as `factur-x.xml`
 * (AFRelationship Alternative, as the Factur-X specification asks for the EN 16931 profile) and the
 * PDF/A-3 + Factur-X XMP metadata that tell readers and PDPs where the structured invoice is.
 */
export async function invoicePdf(doc: InvoiceDocument, xml: string, createdAt: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const title = `${doc.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${doc.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(doc.issuer.name);
  pdf.setProducer('RDV billing');
  pdf.setCreator('RDV billing');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  pdf.setLanguage('fr-FR');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const left = 50;
  const right = 545;
  let y = 790;
  const text = (value: string, x: number, size = 10, font = regular) =>
    page.drawText(value, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
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
    const described = wrap(line.description, regular, 9, cols.quantity - cols.description - 10);
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
    page.drawText(value, { x: right - font.widthOfTextAtSize(value, 10), y, size: 10, font });
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
    block(wrap(paragraph, regular, 8, right - left), left, 8);
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
  const created = createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const metadata = pdf.context.stream(fxXmp(doc, created), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(metadata));
  pdf.catalog.set(PDFName.of('Lang'), PDFString.of('fr-FR'));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

import { readFileSync } from 'node:fs';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

/** DejaVu Sans, as the invoices use it: every French character (accents, œ, « », €), embedded as a subset. */
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
const dejaVu = () =>
  (fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

/** A character the font lacks (an emoji in a name) printed as "?" rather than an empty box. */
function printable(value: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(value.normalize('NFC'), (c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/[ \t]+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  lines.push(current);
  return lines;
}

export interface AcceptanceFacts {
  acceptedAt: Date;
  clientIp: string;
  versionHash: string;
  filledHash: string;
  refAppointment: string;
}

/**
 * The accepted agreement as an A4 PDF: the filled text, then the record of the acceptance (when, from which
 * address, the hashes of the version and of the text), so the document alone says what was accepted.
 */
export async function agreementPdf(filledText: string, facts: AcceptanceFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Convention d’honoraires ${facts.refAppointment}`);
  pdf.setLanguage('fr-FR');
  pdf.setCreationDate(facts.acceptedAt);
  pdf.setModificationDate(facts.acceptedAt);
  const regular = await pdf.embedFont(dejaVu().regular, { subset: true });
  const bold = await pdf.embedFont(dejaVu().bold, { subset: true });
  const [left, width, bottom] = [50, 495, 60];
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const line = (value: string, size: number, font: PDFFont) => {
    if (y < bottom) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
    page.drawText(printable(value, font), { x: left, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= size + 4;
  };
  const [title, ...rest] = filledText.split('\n');
  line(title, 16, bold);
  y -= 8;
  for (const paragraph of rest) {
    if (!paragraph.trim()) {
      y -= 6;
      continue;
    }
    const heading = /^Article \d+/.test(paragraph);
    for (const part of wrap(paragraph, heading ? bold : regular, 10, width))
      line(part, 10, heading ? bold : regular);
  }
  y -= 16;
  const paris = new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: 'Europe/Paris',
  }).format(facts.acceptedAt);
  line('Acceptation électronique', 11, bold);
  for (const fact of [
    `Acceptée par le client le ${paris} (heure de Paris), en cochant « J’ai lu et j’accepte la convention d’honoraires » lors de la réservation ${facts.refAppointment}.`,
    `Adresse IP : ${facts.clientIp}`,
    `Version des conditions (SHA-256) : ${facts.versionHash}`,
    `Texte accepté (SHA-256) : ${facts.filledHash}`,
  ])
    for (const part of wrap(fact, regular, 8, width)) line(part, 8, regular);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

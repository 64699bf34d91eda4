/**
 * Writes every built-in mail template, filled with the console's sample values and put in the common layout,
 * as one HTML file per template (and its text part): to look at the mails in a browser or take screenshots.
 * Usage: node dist/scripts/mail-preview.js <output directory>   (reads SECTOR and PUBLIC_URL, lawyer by default)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getSector } from '@rdv/sectors';
import { fail } from '../src/config/preflight';
import {
  DEFAULT_MAIL_TEMPLATES,
  frameMail,
  MAIL_TEMPLATE_KEYS,
  mailBrand,
  renderMail,
  sampleMailContext,
} from '../src/modules/notifications';

function main(): void {
  const out = process.argv[2];
  if (!out) fail('Usage: node dist/scripts/mail-preview.js <output directory>');
  const sector = getSector(process.env.SECTOR ?? 'lawyer');
  const publicUrl = process.env.PUBLIC_URL ?? 'https://rdv-avocat.example';
  const context = sampleMailContext(sector, publicUrl);
  const brand = mailBrand(sector, publicUrl);
  mkdirSync(out, { recursive: true });
  for (const key of MAIL_TEMPLATE_KEYS) {
    const rendered = renderMail(DEFAULT_MAIL_TEMPLATES[key], context);
    const mail = frameMail(brand, rendered);
    writeFileSync(path.join(out, `${key}.html`), mail.html);
    writeFileSync(path.join(out, `${key}.txt`), `Sujet : ${rendered.subject}\n\n${mail.text}`);
  }
  process.stdout.write(`mail-preview: ${MAIL_TEMPLATE_KEYS.length} mails written to ${out}\n`);
}

main();

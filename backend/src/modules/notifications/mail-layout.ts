import type { Sector } from '@rdv/sectors';
import { MAIL_LAYOUT_HTML } from './mail-layout.generated';
import { escapeHtml } from './mailer';

/** What every mail shows around its content: the site's name and colour, and its public address. */
export interface MailBrand {
  productName: string;
  primaryColor: string;
  /** Public site address without trailing slash: the header links there, the footer to its legal pages. */
  siteUrl: string;
}

/** A mail's own content, before the common layout surrounds it. */
export interface MailContent {
  /** HTML fragment (paragraphs, lists, buttons), never a whole document. */
  html: string;
  text: string;
  /** Where the recipient stops this kind of mail (slot alerts); the footer and `List-Unsubscribe` offer it. */
  unsubscribeUrl?: string;
}

export const mailBrand = (
  sector: Pick<Sector, 'productName' | 'primaryColor'>,
  publicUrl: string,
): MailBrand => ({
  productName: sector.productName,
  primaryColor: sector.primaryColor,
  siteUrl: publicUrl.replace(/\/+$/, ''),
});

/** Class names of the layout's three bands: the tests look for them to prove a mail went through the layout. */
export const MAIL_LAYOUT_MARKERS = ['mail-header', 'mail-body', 'mail-footer'] as const;

/**
 * The one layout of every mail is written in MJML (mail-layout.mjml): MJML turns it into the nested tables and
 * `<!--[if mso]>` blocks Outlook needs and the media queries that make it one column on a phone, which
 * hand-written HTML got wrong. It is compiled ahead of time (scripts/mail-layout.mjs, checked fresh by a test),
 * so sending a mail only fills its placeholders: no MJML in the running product.
 */
function fillLayout(values: Record<string, string>): string {
  // One pass: a value (the content, written by others) is never searched for placeholders itself.
  return MAIL_LAYOUT_HTML.replace(
    /@@([A-Z_]+)@@/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  );
}

/**
 * Templates saved before the common layout held a whole document: only what was inside `<body>` is kept,
 * so they still render (inside the layout) until an administrator saves them again.
 */
function fragmentOf(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return body ? (body[1] ?? '') : html;
}

/** The plain-text alternative's footer: the same mentions as the HTML footer, as addresses. */
function textFooter(brand: MailBrand, unsubscribeUrl: string | undefined): string {
  return [
    '--',
    `Ce message vous est envoyé automatiquement par ${brand.productName}.`,
    `Mentions légales : ${brand.siteUrl}/mentions-legales`,
    `Politique de confidentialité : ${brand.siteUrl}/politique-de-confidentialite`,
    ...(unsubscribeUrl ? [`Ne plus recevoir ces emails : ${unsubscribeUrl}`] : []),
  ].join('\n');
}

/** Puts a mail's content in the common layout: the HTML part and the plain-text alternative. */
export function frameMail(brand: MailBrand, content: MailContent): { html: string; text: string } {
  const unsubscribe = content.unsubscribeUrl
    ? `<br />\n<a href="${escapeHtml(content.unsubscribeUrl)}">Ne plus recevoir ces emails</a>`
    : '';
  const html = fillLayout({
    PRODUCT_NAME: escapeHtml(brand.productName),
    // Only a colour reaches the CSS: a malformed one falls back to the default navy.
    PRIMARY_COLOR: /^#[0-9a-fA-F]{3,8}$/.test(brand.primaryColor) ? brand.primaryColor : '#1d3557',
    SITE_URL: escapeHtml(brand.siteUrl),
    UNSUBSCRIBE: unsubscribe,
    MAIL_BODY: fragmentOf(content.html),
  });
  return { html, text: `${content.text.trimEnd()}\n\n${textFooter(brand, content.unsubscribeUrl)}\n` };
}

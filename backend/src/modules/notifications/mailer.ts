/**
 * A mail ready to send: French HTML and plain-text bodies of the same content. Both are the mail's own content
 * (the HTML a fragment, no `<html>` or `<body>`): the mailer puts them in the common layout (mail-layout.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Link that stops this kind of mail: shown in the layout's footer and sent as `List-Unsubscribe`. */
  unsubscribeUrl?: string;
  /** Deterministic `Message-ID` (e.g. derived from the delivery key) so a duplicate is detectable downstream. */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  /** `base64` for a binary file (a PDF) given as base64 text; plain text otherwise. */
  encoding?: 'base64';
}

/** Port for sending mail. The worker uses the SMTP adapter (`SmtpMailer`); tests point it at a local SMTP receiver. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}

/** Escapes text for interpolation into mail HTML. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** Escaped text as HTML, its addresses turned into links (line breaks kept). */
export function linkedText(value: string): string {
  return value
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('')
    .replace(/\n/g, '<br>');
}

/** A short French service mail: the same paragraphs as text and as HTML paragraphs (addresses as links). */
export function paragraphsMail(
  to: string,
  subject: string,
  paragraphs: string[],
  messageId: string,
  options: { unsubscribeUrl?: string } = {},
): MailMessage {
  const text = paragraphs.join('\n\n');
  const html = paragraphs.map((p) => `<p>${linkedText(p)}</p>`).join('\n');
  return { to, subject, text, html, messageId, ...options };
}

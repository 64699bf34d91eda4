/** A mail ready to send: French HTML and plain-text bodies of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Deterministic `Message-ID` (e.g. derived from the delivery key) so a duplicate is detectable downstream. */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
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

/** A short French service mail: the same paragraphs as text and as minimal HTML (line breaks kept). */
export function paragraphsMail(
  to: string,
  subject: string,
  paragraphs: string[],
  messageId: string,
): MailMessage {
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text, html, messageId };
}

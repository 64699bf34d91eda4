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

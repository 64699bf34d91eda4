import { readFileSync } from 'node:fs';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import type DKIM from 'nodemailer/lib/dkim';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { getSector } from '@rdv/sectors';
import { frameMail, mailBrand, type MailBrand } from './mail-layout';
import { Mailer, MailMessage } from './mailer';
import { countOutcome, mailsTotal } from '../../observability/metrics';
import { inClientSpan } from '../../observability/tracing';

/**
 * nodemailer over SMTP_URL (maildev in development, a real relay in production), from MAIL_FROM. Every mail
 * goes out in the common layout, so no sender can forget it.
 */
@Injectable()
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private transporter: Transporter | undefined;
  private readonly brand: MailBrand;
  private readonly dkim: DKIM.Options | undefined;

  constructor(@Inject(ENV) private readonly env: Env) {
    super();
    this.brand = mailBrand(getSector(env.SECTOR), env.PUBLIC_URL);
    this.dkim = dkimOptions(env);
  }

  /** The relay's host name for the span (the URL's credentials stay out). */
  private smtpHost(): string {
    try {
      return new URL(this.env.SMTP_URL).hostname;
    } catch {
      return 'smtp';
    }
  }

  private transport(): Transporter {
    this.transporter ??= createTransport({
      url: this.env.SMTP_URL,
      // Connections kept open and reused (two per notification job running at once: a booking's mails go out
      // side by side): without it each
      // mail opened its own SMTP session (connect, greeting, EHLO, QUIT), which capped the worker near
      // 30 mails/s on the bench machine (bench/reports/booking.md).
      pool: true,
      maxConnections: 10,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      // Signed here rather than by the relay when the deployment holds the domain's key (DKIM_* settings).
      ...(this.dkim ? { dkim: this.dkim } : {}),
    });
    return this.transporter;
  }

  async send(message: MailMessage): Promise<void> {
    // No recipient or subject in the span: personal data stays out of the traces.
    await countOutcome(mailsTotal, () =>
      inClientSpan('smtp send', { 'server.address': this.smtpHost() }, () => this.sendNow(message)),
    );
  }

  private async sendNow(message: MailMessage): Promise<void> {
    const framed = frameMail(this.brand, message);
    const listUnsubscribe = message.oneClickUnsubscribeUrl ?? message.unsubscribeUrl;
    await this.transport().sendMail({
      from: this.env.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      // Our mails are French text: quoted-printable, as nodemailer would choose after counting the letters of
      // every text, subject and attachment, which was a few percent of the worker's CPU per mail.
      textEncoding: 'quoted-printable',
      text: framed.text,
      html: framed.html,
      messageId: message.messageId,
      // RFC 2369 header: mail clients show their own "unsubscribe" next to the sender; with the RFC 8058
      // header they POST to it at once (one click), which the signed API address accepts.
      ...(listUnsubscribe ? { list: { unsubscribe: listUnsubscribe } } : {}),
      ...(message.oneClickUnsubscribeUrl
        ? { headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
        ...(a.encoding ? { encoding: a.encoding } : {}),
      })),
    });
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
    this.transporter = undefined;
  }
}

/**
 * DKIM signing options from DKIM_DOMAIN / DKIM_SELECTOR / DKIM_PRIVATE_KEY_FILE (the schema requires the three
 * together). The key is read once, at start: a missing or unreadable file stops the process at boot, not at the
 * first mail.
 */
export function dkimOptions(env: Pick<Env, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY_FILE'>) {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY_FILE) return undefined;
  let privateKey: string;
  try {
    privateKey = readFileSync(env.DKIM_PRIVATE_KEY_FILE, 'utf8');
  } catch (error) {
    throw new Error(
      `DKIM_PRIVATE_KEY_FILE: cannot read ${env.DKIM_PRIVATE_KEY_FILE} (${(error as Error).message})`,
      { cause: error },
    );
  }
  if (!privateKey.includes('PRIVATE KEY-----'))
    throw new Error(`DKIM_PRIVATE_KEY_FILE: ${env.DKIM_PRIVATE_KEY_FILE} is not a PEM private key`);
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey };
}

import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { Transaction } from '../../database/database.types';
import { AccountEmailChangeService } from '../accounts';
import { Clock, LinkTokens } from '../identity';
import { EMAIL_CHANGE_MAIL_JOB, EMAIL_CHANGE_TOKEN_TTL_MS, emailChangeLink } from './email-change';
import { escapeHtml, Mailer, MailMessage, NotificationsProcessor, paragraphsMail } from '../notifications';

export function emailChangeConfirmationMail(
  to: string,
  firstName: string | null,
  link: string,
  account = 'votre compte professionnel',
): MailMessage {
  const greeting = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const text = [
    greeting,
    '',
    `Vous avez demandé à utiliser cette adresse pour ${account}.`,
    'Pour la confirmer, ouvrez ce lien (valable 24 heures, utilisable une seule fois) :',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.",
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Vous avez demandé à utiliser cette adresse pour ${escapeHtml(account)}.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#c62828;color:#fff;text-decoration:none;border-radius:4px">Confirmer ma nouvelle adresse</a></p>
<p>Ce lien est valable 24 heures et ne peut servir qu'une fois.</p>
<p style="color:#666;font-size:13px">Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.</p>`;
  return { to, subject: 'Confirmez votre nouvelle adresse email', text, html };
}

/**
 * Worker handler of `auth.email-change` jobs: mails the confirmation link to the new address (the
 * token is created here, so its value exists only in that mail) and tells the current address, so
 * that a stolen session cannot move the account away unnoticed. A job superseded by a newer request
 * (another pending address) sends nothing.
 */
@Injectable()
export class EmailChangeMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly accounts: AccountEmailChangeService,
    private readonly links: LinkTokens,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(EMAIL_CHANGE_MAIL_JOB, (tx, payload) => this.handle(tx, payload));
  }

  async handle(tx: Transaction, payload: Record<string, unknown>): Promise<void> {
    // A professional's job carries `userId` (the original payload); a client's `kind` and `accountId`.
    const kind = payload.kind === 'attendee' ? 'attendee' : 'user';
    const userId = kind === 'user' ? payload.userId : payload.accountId;
    const { email } = payload;
    if (typeof userId !== 'string' || typeof email !== 'string') return;
    const change = await this.accounts.pendingEmailChange(kind, userId, tx);
    if (!change || change.pendingEmail !== email) return;
    const account = kind === 'user' ? 'votre compte professionnel' : 'votre compte client';
    const token = await this.links.issue(
      tx,
      { purpose: 'email_change', kind, accountId: userId },
      this.clock.now(),
      EMAIL_CHANGE_TOKEN_TTL_MS,
      { replaceOthers: true },
    );
    await this.mailer.send(
      emailChangeConfirmationMail(
        email,
        change.firstName,
        emailChangeLink(this.env.PUBLIC_URL, token, kind),
        account,
      ),
    );
    await this.mailer.send(
      paragraphsMail(
        change.email,
        'Changement de votre adresse email',
        [
          change.firstName ? `Bonjour ${change.firstName},` : 'Bonjour,',
          `Une demande de changement d’adresse email a été faite sur ${account}, vers ${email}. Elle prendra effet quand le lien envoyé à cette adresse sera ouvert.`,
          kind === 'user'
            ? 'Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe depuis vos paramètres et prévenez-nous en répondant à ce message.'
            : 'Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe depuis votre profil et prévenez-nous en répondant à ce message.',
        ],
        `<email-change-notice-${userId}-${this.clock.now().getTime()}@${new URL(this.env.PUBLIC_URL).host}>`,
      ),
    );
  }
}

import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { Transaction } from '../../database/database.types';
import { AccountCredentialsService } from '../accounts';
import { escapeHtml, Mailer, MailMessage, NotificationsProcessor } from '../notifications';
import { ACCOUNT_KINDS, AccountKind, Clock, LinkTokens } from '../identity';
import { RESET_MAIL_JOB, RESET_TOKEN_TTL_MS, resetLink } from './password-reset';

export function passwordResetMail(to: string, firstName: string | null, link: string): MailMessage {
  const greeting = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const text = [
    greeting,
    '',
    'Vous avez demandé à réinitialiser le mot de passe de votre compte.',
    'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, utilisable une seule fois) :',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Vous avez demandé à réinitialiser le mot de passe de votre compte.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#c62828;color:#fff;text-decoration:none;border-radius:4px">Choisir un nouveau mot de passe</a></p>
<p>Ce lien est valable une heure et ne peut servir qu'une fois.</p>
<p style="color:#666;font-size:13px">Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.</p>`;
  return { to, subject: 'Réinitialisation de votre mot de passe', text, html };
}

/**
 * Worker handler of `auth.password-reset` jobs. The token is created here, so its plain value
 * exists only in the mail (the outbox row holds just the account id). It commits with the job's
 * idempotency key: a retried job after a failed send creates a fresh link; a duplicated one sends nothing.
 */
@Injectable()
export class PasswordResetMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly accounts: AccountCredentialsService,
    private readonly resets: LinkTokens,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(RESET_MAIL_JOB, (tx, payload) => this.handle(tx, payload));
  }

  async handle(tx: Transaction, payload: Record<string, unknown>): Promise<void> {
    const kind = payload.kind as AccountKind;
    const accountId = payload.accountId;
    if (!ACCOUNT_KINDS.includes(kind) || typeof accountId !== 'string') return;
    const account = await this.accounts.credentialsById(kind, accountId);
    if (!account || !account.active) return;
    const token = await this.resets.issue(
      tx,
      { purpose: 'password_reset', kind, accountId },
      this.clock.now(),
      RESET_TOKEN_TTL_MS,
    );
    await this.mailer.send(
      passwordResetMail(account.email, account.firstName, resetLink(this.env.PUBLIC_URL, kind, token)),
    );
  }
}

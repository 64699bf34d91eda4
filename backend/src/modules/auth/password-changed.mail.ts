import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AccountCredentialsService } from '../accounts';
import { escapeHtml, Mailer, MailMessage, NotificationsProcessor } from '../notifications';
import { ACCOUNT_KINDS, AccountKind } from '../identity';
import { PASSWORD_CHANGED_MAIL_JOB } from './password-changed';

/** Where each kind of account asks for a new password (its "mot de passe oublié" page). */
export function securePasswordLink(publicUrl: string, kind: AccountKind): string {
  const base = publicUrl.replace(/\/+$/, '');
  const path = {
    user: '/user/mot-de-passe-oublie',
    attendee: '/participant/mot-de-passe-oublie',
    admin: '/admin/forgot-password',
  }[kind];
  return `${base}${path}`;
}

export function passwordChangedMail(
  to: string,
  firstName: string | null,
  changedAt: Date,
  secureLink: string,
): MailMessage {
  const greeting = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const when = DateTime.fromJSDate(changedAt)
    .setZone('Europe/Paris')
    .setLocale('fr')
    .toFormat("cccc d LLLL yyyy 'à' HH'h'mm");
  const text = [
    greeting,
    '',
    `Le mot de passe de votre compte a été modifié le ${when} (heure de Paris). Toutes les sessions ouvertes avant ce changement ont été déconnectées.`,
    '',
    "Si c'est vous, il n'y a rien à faire.",
    "Si ce n'est pas vous, sécurisez votre compte tout de suite : choisissez un nouveau mot de passe depuis cette page, le lien vous sera envoyé à cette adresse :",
    secureLink,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Le mot de passe de votre compte a été modifié le ${escapeHtml(when)} (heure de Paris). Toutes les sessions ouvertes avant ce changement ont été déconnectées.</p>
<p>Si c'est vous, il n'y a rien à faire.</p>
<p><strong>Si ce n'est pas vous</strong>, sécurisez votre compte tout de suite : choisissez un nouveau mot de passe (le lien vous sera envoyé à cette adresse).</p>
<p><a href="${escapeHtml(secureLink)}" style="display:inline-block;padding:10px 16px;background:#c62828;color:#fff;text-decoration:none;border-radius:4px">Sécuriser mon compte</a></p>`;
  return { to, subject: 'Votre mot de passe a été modifié', text, html };
}

/**
 * Worker handler of `auth.password-changed` jobs: the notice every account gets when its password changes (from
 * its settings or through a reset link), so an owner whose password someone else changed learns it at once and
 * has the way back. Sent to the account's address at the time of the change.
 */
@Injectable()
export class PasswordChangedMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly accounts: AccountCredentialsService,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(PASSWORD_CHANGED_MAIL_JOB, (_tx, payload) => this.handle(payload));
  }

  async handle(payload: Record<string, unknown>): Promise<void> {
    const kind = payload.kind as AccountKind;
    const { accountId, changedAt } = payload;
    if (!ACCOUNT_KINDS.includes(kind) || typeof accountId !== 'string' || typeof changedAt !== 'string')
      return;
    const account = await this.accounts.credentialsById(kind, accountId);
    if (!account) return;
    await this.mailer.send(
      passwordChangedMail(
        account.email,
        account.firstName,
        new Date(changedAt),
        securePasswordLink(this.env.PUBLIC_URL, kind),
      ),
    );
  }
}

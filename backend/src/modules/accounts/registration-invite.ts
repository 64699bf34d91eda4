import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { Transaction } from '../../database/database.types';
import { Clock, LinkTokens } from '../identity';
import { escapeHtml, Mailer, MailMessage, NotificationsProcessor } from '../notifications';
import { AccountsRepository } from './accounts.repository';

export const REGISTRATION_INVITE_JOB = 'accounts.registration-invite';
/** Lifetime of a sign-up link. */
export const REGISTRATION_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * The page of user-ui where a professional created without a password finishes the sign-up. The
 * token is the only thing that proves the visitor read the mail: the user id alone is public.
 */
export function registrationLink(publicUrl: string, userId: string, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/user/inscription/${encodeURIComponent(userId)}?token=${encodeURIComponent(token)}`;
}

export function registrationInviteMail(to: string, firstName: string, link: string): MailMessage {
  const text = [
    `Bonjour ${firstName},`,
    '',
    'Votre compte professionnel a été créé.',
    'Pour finaliser votre inscription, choisissez votre mot de passe et acceptez les conditions en ouvrant ce lien (valable 7 jours) :',
    link,
    '',
    "Si vous n'attendiez pas ce message, ignorez-le.",
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(firstName)},</p>
<p>Votre compte professionnel a été créé. Pour finaliser votre inscription, choisissez votre mot de passe et acceptez les conditions.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#c62828;color:#fff;text-decoration:none;border-radius:4px">Finaliser mon inscription</a></p>
<p style="color:#666;font-size:13px">Si vous n'attendiez pas ce message, ignorez-le.</p>`;
  return { to, subject: 'Finalisez votre inscription', text, html };
}

/**
 * Worker handler: invites a professional created without a password (skipped once a password is
 * set). The token is created here, so its plain value exists only in the mail (the outbox row holds
 * just the user id); each invitation (creation, admin re-send, retried job) kills the older links.
 */
@Injectable()
export class RegistrationInviteMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: AccountsRepository,
    private readonly links: LinkTokens,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(REGISTRATION_INVITE_JOB, (tx, payload) => this.handle(tx, payload));
  }

  async handle(tx: Transaction, payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.userId !== 'string') return;
    const user = await this.repository.findUserById(payload.userId, tx);
    if (!user || user.passwordHash !== null || !user.isActive) return;
    const token = await this.links.issue(
      tx,
      { purpose: 'registration', kind: 'user', accountId: user.id },
      this.clock.now(),
      REGISTRATION_TOKEN_TTL_MS,
      { replaceOthers: true },
    );
    await this.mailer.send(
      registrationInviteMail(
        user.email,
        user.firstName,
        registrationLink(this.env.PUBLIC_URL, user.id, token),
      ),
    );
  }
}

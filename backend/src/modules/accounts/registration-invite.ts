import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { escapeHtml, Mailer, MailMessage } from '../notifications/mailer';
import { NotificationsProcessor } from '../notifications/notifications.processor';
import { AccountsRepository } from './accounts.repository';

export const REGISTRATION_INVITE_JOB = 'accounts.registration-invite';

/** The page of user-ui where a professional created without a password finishes the sign-up. */
export function registrationLink(publicUrl: string, userId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/user/inscription/${encodeURIComponent(userId)}`;
}

export function registrationInviteMail(to: string, firstName: string, link: string): MailMessage {
  const text = [
    `Bonjour ${firstName},`,
    '',
    'Votre compte professionnel a été créé.',
    'Pour finaliser votre inscription, choisissez votre mot de passe et acceptez les conditions en ouvrant ce lien :',
    link,
    '',
    "Si vous n'attendiez pas ce message, ignorez-le.",
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>Bonjour ${escapeHtml(firstName)},</p>
<p>Votre compte professionnel a été créé. Pour finaliser votre inscription, choisissez votre mot de passe et acceptez les conditions.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#c62828;color:#fff;text-decoration:none;border-radius:4px">Finaliser mon inscription</a></p>
<p style="color:#666;font-size:13px">Si vous n'attendiez pas ce message, ignorez-le.</p>
</body></html>`;
  return { to, subject: 'Finalisez votre inscription', text, html };
}

/** Worker handler: invites a professional created without a password (skipped once a password is set). */
@Injectable()
export class RegistrationInviteMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: AccountsRepository,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(REGISTRATION_INVITE_JOB, async (tx, payload) => {
      if (typeof payload.userId !== 'string') return;
      const user = await this.repository.findUserById(payload.userId, tx);
      if (!user || user.passwordHash !== null || !user.isActive) return;
      await this.mailer.send(
        registrationInviteMail(user.email, user.firstName, registrationLink(this.env.PUBLIC_URL, user.id)),
      );
    });
  }
}

import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { escapeHtml, Mailer, type MailMessage, NotificationsProcessor } from '../notifications';
import { AccountsRepository } from './accounts.repository';

/**
 * Written by the migration that separated the public number from the account's mobile, once per professional
 * whose profile revealed a number they had not published: it tells them why "Afficher le numéro" is gone from
 * their profile and how to publish the number they choose.
 */
export const PUBLIC_PHONE_NOTICE_JOB = 'accounts.public-phone-notice';

export function publicPhoneNoticeMail(
  to: string,
  firstName: string,
  productName: string,
  settingsUrl: string,
): MailMessage {
  const lines = [
    `Jusqu’ici, le bouton « Afficher le numéro » de votre profil ${productName} montrait le téléphone de votre compte (celui qui reçoit vos codes de vérification) ou celui de votre structure.`,
    'Ce numéro n’est plus affiché : votre mobile reste privé. Vos clients continuent de prendre rendez-vous en ligne.',
    'Pour qu’ils puissent vous appeler, indiquez dans « Mon profil » le numéro que vous souhaitez publier (standard ou ligne directe).',
  ];
  const text = [`Bonjour ${firstName},`, '', ...lines, '', settingsUrl].join('\n');
  const html = `<p>Bonjour ${escapeHtml(firstName)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(settingsUrl)}">Choisir mon numéro public</a></p>`;
  return { to, subject: 'Votre numéro de téléphone n’est plus affiché sur votre profil', text, html };
}

@Injectable()
export class PublicPhoneNoticeMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: AccountsRepository,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(PUBLIC_PHONE_NOTICE_JOB, async (tx, payload) => {
      if (typeof payload.userId !== 'string') return;
      const user = await this.repository.findUserById(payload.userId, tx);
      // Published a number since, or left: nothing to tell.
      if (!user || !user.isActive || user.publicPhone !== null) return;
      const settingsUrl = `${this.env.PUBLIC_URL.replace(/\/+$/, '')}/user/setting#profil`;
      await this.mailer.send(
        publicPhoneNoticeMail(
          user.email,
          user.firstName,
          getSector(this.env.SECTOR).productName,
          settingsUrl,
        ),
      );
    });
  }
}

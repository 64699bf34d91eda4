import { Inject, Injectable } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx } from '../../database/database.types';
import { DEFAULT_MAIL_TEMPLATES, Mailer, renderMail, type MailTemplateKey } from '../notifications';
import { BillingRepository } from './billing.repository';

export type BillingMailKey = Extract<MailTemplateKey, `billing.${string}`>;

const longDate = (date: Date) =>
  date.toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  });

/**
 * The dunning mails (failed debit, formal notice, suspension, restoration), rendered from the templates an
 * administrator may edit in the console (mail_templates), else the built-in French ones.
 */
@Injectable()
export class BillingMails {
  constructor(
    private readonly repository: BillingRepository,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async send(
    tx: DbOrTx,
    key: BillingMailKey,
    userId: string,
    billing: { amount?: number; attempt?: number; dueSince?: Date; suspensionDate?: Date; noticeDate?: Date },
    messageKey: string,
  ): Promise<void> {
    const user = await this.repository.user(userId, tx);
    if (!user) return;
    const sector = getSector(this.env.SECTOR);
    const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
    const template = (await this.repository.mailTemplate(key, tx)) ?? DEFAULT_MAIL_TEMPLATES[key];
    const rendered = renderMail(template, {
      productName: sector.productName,
      primaryColor: sector.primaryColor,
      words: sector.words,
      professional: {
        name: `${user.firstName} ${user.lastName}`,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
      },
      billing: {
        amount:
          billing.amount === undefined ? '' : `${(billing.amount / 100).toFixed(2).replace('.', ',')} €`,
        attempt: billing.attempt,
        dueSince: billing.dueSince && longDate(billing.dueSince),
        suspensionDate: billing.suspensionDate && longDate(billing.suspensionDate),
        noticeDate: billing.noticeDate && longDate(billing.noticeDate),
      },
      links: { billing: `${base}/user/abonnement` },
    });
    await this.mailer.send({
      to: user.email,
      ...rendered,
      messageId: `<${key}-${messageKey}@${new URL(this.env.PUBLIC_URL).hostname}>`,
    });
  }
}

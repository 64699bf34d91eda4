import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import {
  escapeHtml,
  Mailer,
  type MailMessage,
  NotificationsProcessor,
  NotificationsWorkerModule,
} from '../notifications';
import { PrivacyRepository } from './privacy.repository';

/** Outbox job written with an attendee's erasure: the confirmation mail. */
export const ACCOUNT_DELETED_JOB = 'privacy.account-deleted';

export function accountDeletedMail(to: string, firstName: string | null, productName: string): MailMessage {
  const greeting = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const lines = [
    'Votre compte a été supprimé.',
    'Vos documents, vos messages et vos informations personnelles ont été effacés ; vos anciens rendez-vous ne restent chez les professionnels que sous une forme anonyme.',
    'Toutes vos sessions ont été fermées.',
  ];
  return {
    to,
    subject: `Suppression de votre compte ${productName}`,
    text: [greeting, '', ...lines].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
  };
}

@Injectable()
export class AccountDeletedMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly mailer: Mailer,
    private readonly repository: PrivacyRepository,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(ACCOUNT_DELETED_JOB, async (tx, payload) => {
      if (typeof payload.email !== 'string') return;
      const firstName = typeof payload.firstName === 'string' ? payload.firstName : null;
      await this.mailer.send(
        accountDeletedMail(payload.email, firstName, getSector(this.env.SECTOR).productName),
      );
      await this.repository.scrubDeletionMailJob(tx, payload.email);
    });
  }
}

/** Worker side of the privacy module. Import only in WorkerModule. */
@Module({ imports: [NotificationsWorkerModule], providers: [AccountDeletedMailJob, PrivacyRepository] })
export class PrivacyWorkerModule {}

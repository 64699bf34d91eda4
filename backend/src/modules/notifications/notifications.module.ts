import { Module } from '@nestjs/common';
import { Mailer } from './mailer';
import { ProcessedJobsRepository } from './notifications.repository';
import { NotificationsProcessor } from './notifications.processor';
import { SmtpMailer } from './smtp-mailer';

/** Worker side of notifications. Import only in WorkerModule. */
@Module({
  providers: [NotificationsProcessor, ProcessedJobsRepository, { provide: Mailer, useClass: SmtpMailer }],
  exports: [NotificationsProcessor, Mailer],
})
export class NotificationsWorkerModule {}

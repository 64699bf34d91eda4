import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module';
import { BookingNotificationsJob } from './booking-notifications.job';
import { BookingNotificationsRepository } from './booking-notifications.repository';
import { ChatWebhook, FetchChatWebhook } from './chat-webhook';
import { IdempotencyCleanupScheduler } from './idempotency-cleanup.scheduler';
import { Mailer } from './mailer';
import { NotificationDeliveriesRepository } from './notification-deliveries.repository';
import { ProcessedJobsRepository } from './notifications.repository';
import { NotificationsProcessor } from './notifications.processor';
import { ReminderScheduler } from './reminder.scheduler';
import { LogSmsSender, SmsSender } from './sms-sender';
import { SmtpMailer } from './smtp-mailer';

/** Worker side of notifications. Import only in WorkerModule (with ScheduleModule.forRoot() for the reminder cron). */
@Module({
  imports: [OutboxModule],
  providers: [
    NotificationsProcessor,
    ProcessedJobsRepository,
    { provide: Mailer, useClass: SmtpMailer },
    BookingNotificationsJob,
    BookingNotificationsRepository,
    NotificationDeliveriesRepository,
    ReminderScheduler,
    IdempotencyCleanupScheduler,
    { provide: SmsSender, useClass: LogSmsSender },
    { provide: ChatWebhook, useClass: FetchChatWebhook },
  ],
  exports: [NotificationsProcessor, Mailer, BookingNotificationsJob, ReminderScheduler, IdempotencyCleanupScheduler, SmsSender, ChatWebhook],
})
export class NotificationsWorkerModule {}

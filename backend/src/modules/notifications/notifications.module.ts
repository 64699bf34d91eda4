import { AppointmentsModule } from '../appointments';
import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { OutboxModule } from '../outbox';
import { BookingNotificationsJob } from './booking-notifications.job';
import { BookingNotificationsRepository } from './booking-notifications.repository';
import { ChatWebhook, FetchChatWebhook } from './chat-webhook';
import { ChatWebhookAddressModule } from './chat-webhook-address';
import { Mailer } from './mailer';
import { NotificationDeliveriesRepository } from './notification-deliveries.repository';
import { ProcessedJobsRepository } from './notifications.repository';
import { NotificationsProcessor } from './notifications.processor';
import { LogSmsSender, SmsSender } from './sms-sender';
import { SmtpMailer } from './smtp-mailer';
import { TwilioSmsSender } from './twilio-sms-sender';

/** SMS_PROVIDER=twilio sends reminders through Twilio's Messages API; `log` writes them to the log. */
export function createSmsSender(env: Env): SmsSender {
  return env.SMS_PROVIDER === 'twilio' ? new TwilioSmsSender(env) : new LogSmsSender();
}

/** Worker side of notifications. Import only in WorkerModule (with ScheduleModule.forRoot() for the reminder cron). */
@Module({
  imports: [AppointmentsModule, OutboxModule, ChatWebhookAddressModule],
  providers: [
    NotificationsProcessor,
    ProcessedJobsRepository,
    { provide: Mailer, useClass: SmtpMailer },
    BookingNotificationsJob,
    BookingNotificationsRepository,
    NotificationDeliveriesRepository,
    { provide: SmsSender, inject: [ENV], useFactory: createSmsSender },
    { provide: ChatWebhook, useClass: FetchChatWebhook },
  ],
  exports: [NotificationsProcessor, Mailer, BookingNotificationsJob, SmsSender, ChatWebhook],
})
export class NotificationsWorkerModule {}

import { BookingWorkerModule } from './modules/booking';
import { IdempotencyWorkerModule } from './modules/idempotency';
import { IdentityModule } from './modules/identity';
import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from './common/logger.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AuthWorkerModule } from './modules/auth/auth.module';
import { CalendarSyncWorkerModule } from './modules/calendar-sync/calendar-sync.module';
import { ClientFoldersWorkerModule } from './modules/client-folders';
import { ContentWorkerModule } from './modules/content/registration-request.mail';
import { GeocodingWorkerModule } from './modules/geocoding';
import { OfficesWorkerModule } from './modules/offices';
import { SlotAlertsWorkerModule } from './modules/slot-alerts';
import { NextFreeSlotsWorkerModule } from './modules/next-free-slots';
import { ReviewsWorkerModule } from './modules/reviews';
import { SponsorshipWorkerModule } from './modules/sponsorship';
import { BillingWorkerModule } from './modules/billing';
import { PaymentsWorkerModule } from './modules/payments';
import { FeeNotesWorkerModule } from './modules/fee-notes';
import { FeeAgreementsWorkerModule } from './modules/fee-agreements';
import { NotificationsWorkerModule } from './modules/notifications/notifications.module';
import { OutboxRelayModule } from './modules/outbox/outbox-relay.module';
import { PrivacyWorkerModule } from './modules/privacy';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';
import { WorkerHealthModule } from './observability/worker-health';

/** The worker process: outbox relay + queue consumers + crons (no HTTP). */
@Module({
  imports: [
    ConfigModule,
    LoggerModule,
    ScheduleModule.forRoot(),
    DatabaseModule,
    RedisModule,
    IdentityModule,
    QueueModule,
    OutboxRelayModule,
    NotificationsWorkerModule,
    BookingWorkerModule,
    IdempotencyWorkerModule,
    AuthWorkerModule,
    ContentWorkerModule,
    OfficesWorkerModule,
    SlotAlertsWorkerModule,
    NextFreeSlotsWorkerModule,
    ReviewsWorkerModule,
    SponsorshipWorkerModule,
    BillingWorkerModule,
    PaymentsWorkerModule,
    FeeNotesWorkerModule,
    FeeAgreementsWorkerModule,
    CalendarSyncWorkerModule,
    GeocodingWorkerModule,
    ClientFoldersWorkerModule,
    PrivacyWorkerModule,
    WorkerHealthModule,
  ],
})
export class WorkerModule {}

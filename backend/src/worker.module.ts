import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from './common/logger.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AuthWorkerModule } from './modules/auth/auth.module';
import { CalendarSyncWorkerModule } from './modules/calendar-sync/calendar-sync.module';
import { ContentWorkerModule } from './modules/content/registration-request.mail';
import { NotificationsWorkerModule } from './modules/notifications/notifications.module';
import { OutboxRelayModule } from './modules/outbox/outbox-relay.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';

/** The worker process: outbox relay + queue consumers + crons (no HTTP). */
@Module({
  imports: [
    ConfigModule,
    LoggerModule,
    ScheduleModule.forRoot(),
    DatabaseModule,
    RedisModule,
    QueueModule,
    OutboxRelayModule,
    NotificationsWorkerModule,
    AuthWorkerModule,
    ContentWorkerModule,
    CalendarSyncWorkerModule,
  ],
})
export class WorkerModule {}

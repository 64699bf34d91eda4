import { Module } from '@nestjs/common';
import { BusyEventsController, BusyEventsRepository } from './busy-events';
import { OutboundAddressModule } from '../../common/outbound-address';
import { AuditModule } from '../audit';
import { AvailabilityModule } from '../availability';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { QueueModule } from '../../queue/queue.module';
import { CalendarFeedController, PublicCalendarFeedController } from './calendar-feed.controller';
import { CalendarFeedService } from './calendar-feed.service';
import {
  CalendarOAuthCallbackController,
  CalendarOAuthController,
  GoogleNotificationsController,
} from './calendar-oauth.controller';
import { CalendarOAuthService } from './calendar-oauth.service';
import { GraphNotificationsController } from './graph-notifications.controller';
import { CalendarProviders } from './calendar-providers';
import { CalendarSyncController } from './calendar-sync.controller';
import { CalendarSyncProcessor } from './calendar-sync.processor';
import { BusyTimesRepository } from './busy-times.repository';
import { CalendarConnectionsRepository } from './calendar-connections.repository';
import { CalendarFeedRepository } from './calendar-feed.repository';
import { CalendarSyncService } from './calendar-sync.service';
import { CalendarConnectionsService } from './calendar-connections.service';
import { ConnectionAdapters } from './connection-adapters';
import { CredentialCipher } from './credential-cipher';
import { LiveBusyCheck } from './live-busy-check.service';
import { PushChannels } from './push-channels.service';
import { SyncQueue } from './sync-queue';
import { WriteBackRepository } from './write-back.repository';
import { WriteBackService } from './write-back.service';
import { MeetingLinkHandoff } from './meeting-link-handoff';
import { VisioWorkerModule } from '../visio';

const engine = [
  CalendarSyncService,
  CalendarConnectionsService,
  LiveBusyCheck,
  WriteBackService,
  PushChannels,
  SyncQueue,
  ConnectionAdapters,
  CalendarConnectionsRepository,
  BusyTimesRepository,
  WriteBackRepository,
  CredentialCipher,
  CalendarProviders,
];

/** Calendar synchronisation: API side. The worker side (jobs, crons) is CalendarSyncWorkerModule. */
@Module({
  imports: [OutboxModule, AvailabilityModule, OutboundAddressModule, AuditModule],
  controllers: [
    CalendarSyncController,
    BusyEventsController,
    CalendarOAuthController,
    CalendarOAuthCallbackController,
    GoogleNotificationsController,
    GraphNotificationsController,
    CalendarFeedController,
    PublicCalendarFeedController,
  ],
  providers: [
    ...engine,
    CalendarFeedService,
    CalendarFeedRepository,
    CalendarOAuthService,
    BusyEventsRepository,
  ],
  exports: [LiveBusyCheck],
})
export class CalendarSyncModule {}

/** Worker side: the `calendar-sync` queue consumer and the periodic sync cron. Import only in WorkerModule. */
@Module({
  imports: [OutboxModule, NotificationsWorkerModule, QueueModule, OutboundAddressModule, VisioWorkerModule],
  providers: [...engine, CalendarSyncProcessor, MeetingLinkHandoff],
  exports: [CalendarSyncProcessor],
})
export class CalendarSyncWorkerModule {}

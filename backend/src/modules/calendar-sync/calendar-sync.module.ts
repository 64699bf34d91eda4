import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { OutboxModule } from '../outbox/outbox.module';
import { CalendarProviders } from './calendar-providers';
import { CalendarSyncController } from './calendar-sync.controller';
import { CalendarSyncRepository } from './calendar-sync.repository';
import { CalendarSyncService } from './calendar-sync.service';
import { CredentialCipher } from './credential-cipher';

const engine = [CalendarSyncService, CalendarSyncRepository, CredentialCipher, CalendarProviders];

/** Calendar synchronisation (issue 12): API side. The worker side (jobs, crons) is CalendarSyncWorkerModule. */
@Module({
  imports: [OutboxModule, AvailabilityModule],
  controllers: [CalendarSyncController],
  providers: engine,
  exports: [CalendarSyncService],
})
export class CalendarSyncModule {}

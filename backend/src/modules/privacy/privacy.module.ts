import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ClientFoldersModule } from '../client-folders';
import { OutboxModule } from '../outbox';
import { AttendeePrivacyService } from './attendee-privacy.service';
import { PrivacyController } from './privacy.controller';
import { PrivacyRepository } from './privacy.repository';

/** GDPR rights of attendees: export and erasure. `AttendeePrivacyService` is exported for the admin console. */
@Module({
  imports: [AccountsModule, ClientFoldersModule, OutboxModule],
  controllers: [PrivacyController],
  providers: [AttendeePrivacyService, PrivacyRepository],
  exports: [AttendeePrivacyService],
})
export class PrivacyModule {}

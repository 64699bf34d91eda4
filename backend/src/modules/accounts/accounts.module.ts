import { Module } from '@nestjs/common';
import { GeocodingModule } from '../geocoding';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { AccountsRepository } from './accounts.repository';
import { AdminUsersController } from './admin-users.controller';
import { AttendeesController } from './attendees.controller';
import { PublicPhoneNoticeMailJob } from './public-phone-notice.mail';
import { RegistrationInviteMailJob } from './registration-invite';
import { UsersController } from './users.controller';
import { AuditModule } from '../audit';
import { AccountCredentialsService } from './account-credentials.service';
import { AccountEmailChangeService } from './account-email-change.service';
import { AccountPhonesService } from './account-phones.service';
import { AccountSlugs } from './account-slugs';
import { AdminClientsService } from './admin-clients.service';
import { AttendeesService } from './attendees.service';
import { ProfessionalsService } from './professionals.service';
import { RegistrationService } from './registration.service';

/** The services other modules use, one per concern. */
const SHARED = [
  AccountCredentialsService,
  AccountEmailChangeService,
  AccountPhonesService,
  AdminClientsService,
  AttendeesService,
  ProfessionalsService,
  RegistrationService,
];

/** Professionals (users), attendees and admins. Other modules use the services of `SHARED`. */
@Module({
  imports: [OutboxModule, AuditModule, GeocodingModule],
  controllers: [UsersController, AttendeesController, AdminUsersController],
  providers: [...SHARED, AccountSlugs, AccountsRepository],
  exports: SHARED,
})
export class AccountsModule {}

/**
 * Worker side: registration invitation mails and the notice that the public number is now the professional's
 * choice. Import only in WorkerModule (through AuthWorkerModule).
 */
@Module({
  imports: [AccountsModule, NotificationsWorkerModule],
  providers: [RegistrationInviteMailJob, PublicPhoneNoticeMailJob, AccountsRepository],
})
export class AccountsWorkerModule {}

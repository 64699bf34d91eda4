import { Module } from '@nestjs/common';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AdminUsersController } from './admin-users.controller';
import { AttendeesController } from './attendees.controller';
import { PublicPhoneNoticeMailJob } from './public-phone-notice.mail';
import { RegistrationInviteMailJob } from './registration-invite';
import { UsersController } from './users.controller';
import { AuditModule } from '../audit';

/** Professionals (users), attendees and admins. Other modules use `AccountsService`. */
@Module({
  imports: [OutboxModule, AuditModule],
  controllers: [UsersController, AttendeesController, AdminUsersController],
  providers: [AccountsService, AccountsRepository],
  exports: [AccountsService],
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

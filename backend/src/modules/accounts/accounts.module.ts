import { Module } from '@nestjs/common';
import { AuthRateLimiter } from '../auth/auth-rate-limiter';
import { Clock } from '../auth/clock';
import { LinkTokensRepository } from '../auth/link-tokens.repository';
import { NotificationsWorkerModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AdminUsersController } from './admin-users.controller';
import { AttendeesController } from './attendees.controller';
import { RegistrationInviteMailJob } from './registration-invite';
import { UsersController } from './users.controller';

/** Professionals (users), attendees and admins. Other modules use `AccountsService`. */
@Module({
  imports: [OutboxModule],
  controllers: [UsersController, AttendeesController, AdminUsersController],
  // The limiter's state is in Redis: this instance and the auth module's share it.
  providers: [AccountsService, AccountsRepository, LinkTokensRepository, Clock, AuthRateLimiter],
  exports: [AccountsService],
})
export class AccountsModule {}

/** Worker side: registration invitation mails. Import only in WorkerModule (through AuthWorkerModule). */
@Module({
  imports: [AccountsModule, NotificationsWorkerModule],
  providers: [RegistrationInviteMailJob, AccountsRepository, LinkTokensRepository, Clock],
})
export class AccountsWorkerModule {}

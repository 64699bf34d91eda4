import { Module } from '@nestjs/common';
import { Clock } from '../auth/clock';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AdminUsersController } from './admin-users.controller';
import { AttendeesController } from './attendees.controller';
import { UsersController } from './users.controller';

/** Professionals (users), attendees and admins. Other modules use `AccountsService`. */
@Module({
  controllers: [UsersController, AttendeesController, AdminUsersController],
  providers: [AccountsService, AccountsRepository, Clock],
  exports: [AccountsService],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { AccountsModule, AccountsWorkerModule } from '../accounts/accounts.module';
import { NotificationsWorkerModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuthController } from './auth.controller';
import { AuthRateLimiter } from './auth-rate-limiter';
import { AuthService } from './auth.service';
import { Clock } from './clock';
import { PasswordResetMailJob } from './password-reset.mail';
import { LinkTokensRepository } from './link-tokens.repository';

/**
 * Sign-in, check-logged, logout and password reset (API side). Guards and `@CurrentAccount()`
 * live in ./guards and need no module import.
 */
@Module({
  imports: [AccountsModule, OutboxModule],
  controllers: [AuthController],
  providers: [AuthService, AuthRateLimiter, LinkTokensRepository, Clock],
})
export class AuthModule {}

/** Worker side: password reset and registration invitation mails. Import only in WorkerModule. */
@Module({
  imports: [AccountsModule, AccountsWorkerModule, NotificationsWorkerModule],
  providers: [PasswordResetMailJob, LinkTokensRepository, Clock],
})
export class AuthWorkerModule {}

import { Module } from '@nestjs/common';
import { AccountsModule, AccountsWorkerModule } from '../accounts';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangeMailJob } from './email-change.mail';
import { PasswordChangedMailJob } from './password-changed.mail';
import { PasswordResetMailJob } from './password-reset.mail';
import { SecondFactorsController } from './second-factors.controller';
import { SecondFactorsRepository } from './second-factors.repository';
import { SecondFactorProofs } from './second-factor-proofs';
import { SecondFactorSignIn } from './second-factor-sign-in.service';
import { SecondFactorsService } from './second-factors.service';

/**
 * Sign-in, check-logged, logout and password reset (API side). Guards and `@CurrentAccount()`
 * live in ./guards and need no module import.
 */
@Module({
  imports: [AccountsModule, OutboxModule],
  controllers: [AuthController, SecondFactorsController],
  providers: [
    AuthService,
    SecondFactorProofs,
    SecondFactorSignIn,
    SecondFactorsService,
    SecondFactorsRepository,
  ],
})
export class AuthModule {}

/** Worker side: password reset and registration invitation mails. Import only in WorkerModule. */
@Module({
  imports: [AccountsModule, AccountsWorkerModule, NotificationsWorkerModule],
  providers: [PasswordResetMailJob, EmailChangeMailJob, PasswordChangedMailJob],
})
export class AuthWorkerModule {}

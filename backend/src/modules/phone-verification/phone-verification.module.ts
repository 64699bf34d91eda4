import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AccountsModule } from '../accounts';
import { LogSmsVerifier } from './log-sms-verifier';
import { PhoneVerificationController } from './phone-verification.controller';
import { PhoneVerificationRepository } from './phone-verification.repository';
import { PhoneVerificationService } from './phone-verification.service';
import { SmsVerifier } from './sms-verifier';
import { TwilioSmsVerifier } from './twilio-sms-verifier';

/** SMS_PROVIDER=twilio: Twilio Verify through the SDK; SMS_PROVIDER=log: codes written to the log. */
export function createSmsVerifier(env: Env): SmsVerifier {
  return env.SMS_PROVIDER === 'twilio' ? new TwilioSmsVerifier(env) : new LogSmsVerifier(env.JWT_SECRET);
}

@Module({
  imports: [AccountsModule],
  controllers: [PhoneVerificationController],
  providers: [
    PhoneVerificationService,
    PhoneVerificationRepository,
    { provide: SmsVerifier, inject: [ENV], useFactory: createSmsVerifier },
  ],
  exports: [PhoneVerificationService],
})
export class PhoneVerificationModule {}

import { createTwilioClient, type TwilioClient } from '../../common/twilio-client';
import type { Env } from '../../config/env.schema';
import { SentCode, SmsVerifier } from './sms-verifier';

/** Twilio Verify through the official SDK: Twilio generates, sends and checks the code. */
export class TwilioSmsVerifier extends SmsVerifier {
  readonly provider = 'twilio' as const;
  private readonly client: TwilioClient;
  private readonly serviceSid: string;

  constructor(env: Env) {
    super();
    this.client = createTwilioClient(env);
    this.serviceSid = env.TWILIO_VERIFY_SERVICE_SID ?? '';
  }

  async send(phone: string): Promise<SentCode> {
    await this.client.verify.v2
      .services(this.serviceSid)
      .verifications.create({ to: phone, channel: 'sms', locale: 'fr' });
    return {};
  }

  async check(phone: string, code: string): Promise<boolean> {
    try {
      const result = await this.client.verify.v2
        .services(this.serviceSid)
        .verificationChecks.create({ to: phone, code });
      return result.status === 'approved';
    } catch (error) {
      // Twilio answers 404 when it has no pending verification for the number (expired, approved or too many tries).
      if ((error as { status?: number }).status === 404) return false;
      throw error;
    }
  }
}

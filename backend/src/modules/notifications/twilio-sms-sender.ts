import { Logger } from '@nestjs/common';
import { createTwilioClient, type TwilioClient } from '../../common/twilio-client';
import type { Env } from '../../config/env.schema';
import { SmsSender } from './sms-sender';
import { countOutcome, smsTotal } from '../../observability/metrics';

/**
 * Plain SMS (reminders) through Twilio's Messages API (`client.messages.create`), from TWILIO_SMS_FROM.
 * A failure throws: the caller releases the delivery so the job's retry sends it again.
 */
export class TwilioSmsSender extends SmsSender {
  private readonly logger = new Logger('Sms');
  private readonly client: TwilioClient;
  private readonly from: string;

  constructor(env: Env) {
    super();
    if (!env.TWILIO_SMS_FROM) throw new Error('TWILIO_SMS_FROM must be set when SMS_PROVIDER=twilio');
    this.client = createTwilioClient(env);
    this.from = env.TWILIO_SMS_FROM;
  }

  async send(to: string, text: string): Promise<void> {
    const message = await countOutcome(smsTotal, () =>
      this.client.messages.create({ to, from: this.from, body: text }),
    );
    this.logger.log({ to, sid: message.sid }, 'SMS sent through Twilio');
  }
}

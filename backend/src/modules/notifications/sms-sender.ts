import { Logger } from '@nestjs/common';
import { smsTotal } from '../../observability/metrics';

/** Port for plain SMS (reminders). Phone verification codes go through the separate SmsVerifier (Twilio Verify). */
export abstract class SmsSender {
  abstract send(to: string, text: string): Promise<void>;
}

/** Development / tests: the SMS is written to the log (and kept in memory for tests). */
export class LogSmsSender extends SmsSender {
  private readonly logger = new Logger('Sms');
  readonly sent: { to: string; text: string }[] = [];

  async send(to: string, text: string): Promise<void> {
    this.sent.push({ to, text });
    if (this.sent.length > 1_000) this.sent.shift();
    this.logger.log({ to }, `SMS: ${text}`);
    smsTotal.inc({ outcome: 'sent' });
    return Promise.resolve();
  }
}

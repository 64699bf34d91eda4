import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { SentCode, SmsVerifier } from './sms-verifier';

/**
 * Development provider: generates a 6-digit code and writes `SMS code for +33...: 123456` to the
 * log instead of sending a text. Only an HMAC of the code (keyed with JWT_SECRET) is stored.
 */
export class LogSmsVerifier extends SmsVerifier {
  readonly provider = 'log' as const;
  private readonly logger = new Logger('SmsCode');

  constructor(private readonly secret: string) {
    super();
  }

  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${phone}:${code}`).digest('hex');
  }

  async send(phone: string): Promise<SentCode> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.logger.log(`SMS code for ${phone}: ${code}`);
    return { codeHash: this.hash(phone, code) };
  }

  async check(phone: string, code: string, sent: SentCode): Promise<boolean> {
    if (!sent.codeHash) return false;
    const expected = Buffer.from(sent.codeHash, 'hex');
    const actual = Buffer.from(this.hash(phone, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

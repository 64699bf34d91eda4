/** What a provider returns when it sends a code: the log provider keeps a keyed hash of its own code. */
export interface SentCode {
  codeHash?: string | null;
}

/**
 * Port for SMS code verification. Expiry (10 min), wrong-try limit (5) and send caps are enforced by
 * PhoneVerificationService whatever the provider; a provider only sends and checks codes.
 */
export abstract class SmsVerifier {
  abstract readonly provider: 'log' | 'twilio';
  /** Sends a code to `phone` (E.164). */
  abstract send(phone: string): Promise<SentCode>;
  /** True when `code` is the one sent to `phone`. */
  abstract check(phone: string, code: string, sent: SentCode): Promise<boolean>;
}

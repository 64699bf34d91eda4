import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Env } from '../../config/env.schema';
import { SentCode, SmsVerifier } from './sms-verifier';

type TwilioClient = ReturnType<typeof twilio>;

/**
 * Sends every SDK request to `baseUrl` instead of https://verify.twilio.com (TWILIO_API_BASE_URL,
 * used by tests against a local fake of the Verify API). `edge`/`region` cannot point at localhost.
 */
export class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: URL) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const target = new URL(opts.uri);
    target.protocol = this.baseUrl.protocol;
    target.host = this.baseUrl.host;
    return super.request<TData>({ ...opts, uri: target.toString() });
  }
}

/** Twilio Verify through the official SDK: Twilio generates, sends and checks the code. */
export class TwilioSmsVerifier extends SmsVerifier {
  readonly provider = 'twilio' as const;
  private readonly client: TwilioClient;
  private readonly serviceSid: string;

  constructor(env: Env) {
    super();
    const httpClient = env.TWILIO_API_BASE_URL ? new RedirectingRequestClient(new URL(env.TWILIO_API_BASE_URL)) : undefined;
    this.client = twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, { httpClient });
    this.serviceSid = env.TWILIO_VERIFY_SERVICE_SID ?? '';
  }

  async send(phone: string): Promise<SentCode> {
    await this.client.verify.v2.services(this.serviceSid).verifications.create({ to: phone, channel: 'sms', locale: 'fr' });
    return {};
  }

  async check(phone: string, code: string): Promise<boolean> {
    try {
      const result = await this.client.verify.v2.services(this.serviceSid).verificationChecks.create({ to: phone, code });
      return result.status === 'approved';
    } catch (error) {
      // Twilio answers 404 when it has no pending verification for the number (expired, approved or too many tries).
      if ((error as { status?: number }).status === 404) return false;
      throw error;
    }
  }
}

import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Env } from '../config/env.schema';

export type TwilioClient = ReturnType<typeof twilio>;

/**
 * Sends every SDK request to `baseUrl` instead of Twilio's hosts (verify.twilio.com, api.twilio.com):
 * TWILIO_API_BASE_URL, used by tests against a local fake. `edge`/`region` cannot point at localhost.
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

/** The official SDK client with the account credentials, redirected to TWILIO_API_BASE_URL when it is set. */
export function createTwilioClient(
  env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_API_BASE_URL'>,
): TwilioClient {
  const httpClient = env.TWILIO_API_BASE_URL
    ? new RedirectingRequestClient(new URL(env.TWILIO_API_BASE_URL))
    : undefined;
  return twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, { httpClient });
}

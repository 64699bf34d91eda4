import { Injectable } from '@nestjs/common';
import { pinnedRequest } from '../../common/outbound-http';
import { ChatWebhookAddressPolicy } from './chat-webhook-address';

/** Port for the office's team messaging tool (Slack / Mattermost / Teams incoming webhooks accept `{ text }`). */
export abstract class ChatWebhook {
  abstract post(url: string, text: string): Promise<void>;
}

/** A webhook that does not answer within this time is given up (the job retries later). */
export const CHAT_WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * Posts through the outbound-address policy's pinned request: the connection goes to the address the
 * policy just checked (a second DNS answer cannot swap in a private address), redirects are never
 * followed (a 3xx is a failure), and the whole exchange is bounded by a short timeout.
 */
@Injectable()
export class FetchChatWebhook extends ChatWebhook {
  constructor(private readonly policy: ChatWebhookAddressPolicy) {
    super();
  }

  async post(rawUrl: string, text: string): Promise<void> {
    const checked = await this.policy.check(rawUrl);
    const response = await pinnedRequest(checked, {
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(CHAT_WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const status = response.status;
    if (status < 200 || status >= 300) throw new Error(`chat webhook answered ${status}`);
  }
}

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { ChatWebhookAddressPolicy } from './chat-webhook-address';

/** Port for the office's team messaging tool (Slack / Mattermost / Teams incoming webhooks accept `{ text }`). */
export abstract class ChatWebhook {
  abstract post(url: string, text: string): Promise<void>;
}

/** A webhook that does not answer within this time is given up (the job retries later). */
export const CHAT_WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * Posts with node:http(s) rather than fetch: the connection goes to the address the policy just
 * checked (a pinned lookup, so a second DNS answer cannot swap in a private address), redirects
 * are never followed (a 3xx is a failure), and the whole exchange is bounded by a short timeout.
 */
@Injectable()
export class FetchChatWebhook extends ChatWebhook {
  constructor(private readonly policy: ChatWebhookAddressPolicy) {
    super();
  }

  async post(rawUrl: string, text: string): Promise<void> {
    const { url, address, family } = await this.policy.check(rawUrl);
    const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const body = JSON.stringify({ text });
    const status = await new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          lookup: pinnedLookup,
          signal: AbortSignal.timeout(CHAT_WEBHOOK_TIMEOUT_MS),
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    if (status < 200 || status >= 300) throw new Error(`chat webhook answered ${status}`);
  }
}

import { randomInt } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_TEST_ACCOUNT_SID = 'AC00000000000000000000000000000001';
export const TWILIO_TEST_AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
export const TWILIO_TEST_SERVICE_SID = 'VA00000000000000000000000000000001';
export const TWILIO_TEST_SMS_FROM = '+33700000001';

interface FakeVerification {
  to: string;
  code: string;
  status: 'pending' | 'approved' | 'canceled';
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

/** A plain SMS the fake accepted through the Messages API. */
export interface FakeMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** The Authorization header it came with (the fake only accepts the test account's Basic credentials). */
  authorization: string;
}

/**
 * Loopback fake of the two Twilio Verify v2 calls the app makes (`POST /v2/Services/{sid}/Verifications`
 * and `/VerificationCheck`, form-encoded, Basic auth), so tests drive the real twilio SDK; also of the
 * Messages API for plain SMS (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, answers 201 with a sid).
 * Like Twilio, a resend to a number with a pending verification keeps its code, and a check with no
 * pending verification answers 404.
 */
export class TwilioVerifyFake {
  readonly requests: RecordedRequest[] = [];
  readonly verifications = new Map<string, FakeVerification>();
  /** Plain SMS accepted by the Messages API, in order. */
  readonly messages: FakeMessage[] = [];
  /** Makes the next send answer 503. */
  failNextSend = false;
  /** Makes the next Messages API call answer 503. */
  failNextMessage = false;
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => this.json(response, 500, { message: 'fake failure' }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  /** The code sent to `to` (E.164), as the phone would show it. */
  codeFor(to: string): string {
    const verification = this.verifications.get(to);
    if (!verification) throw new Error(`No verification sent to ${to}`);
    return verification.code;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    this.requests.push({ method: request.method ?? '', path, form });

    const expected = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return this.json(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return this.json(response, 415, { code: 20001, message: 'form-encoded body expected', status: 415 });
    }
    const messages = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (request.method === 'POST' && messages && messages[1] === TWILIO_TEST_ACCOUNT_SID)
      return this.message(response, form, request.headers.authorization ?? '');
    const match = /^\/v2\/Services\/([^/]+)\/(Verifications|VerificationCheck)$/.exec(path);
    if (request.method !== 'POST' || !match || match[1] !== TWILIO_TEST_SERVICE_SID) {
      return this.json(response, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    const to = form.To;
    const base = {
      account_sid: TWILIO_TEST_ACCOUNT_SID,
      service_sid: TWILIO_TEST_SERVICE_SID,
      to,
      channel: 'sms',
      date_created: new Date().toISOString(),
    };
    if (match[2] === 'Verifications') {
      if (this.failNextSend) {
        this.failNextSend = false;
        return this.json(response, 503, { code: 20503, message: 'Service unavailable', status: 503 });
      }
      const existing = this.verifications.get(to);
      const verification =
        existing?.status === 'pending'
          ? existing
          : { to, code: String(randomInt(0, 1_000_000)).padStart(6, '0'), status: 'pending' as const };
      this.verifications.set(to, verification);
      return this.json(response, 201, {
        ...base,
        sid: 'VE0000000000000000000000000000000a',
        status: 'pending',
        valid: false,
      });
    }
    const verification = this.verifications.get(to);
    if (!verification || verification.status !== 'pending') {
      return this.json(response, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    if (form.Code === verification.code) verification.status = 'approved';
    return this.json(response, 200, {
      ...base,
      sid: 'VE0000000000000000000000000000000a',
      status: verification.status,
      valid: verification.status === 'approved',
    });
  }

  private message(response: ServerResponse, form: Record<string, string>, authorization: string): void {
    if (this.failNextMessage) {
      this.failNextMessage = false;
      return this.json(response, 503, { code: 20503, message: 'Service unavailable', status: 503 });
    }
    if (!form.To || !form.From || !form.Body) {
      return this.json(response, 400, {
        code: 21604,
        message: 'A To, From and Body are required',
        status: 400,
      });
    }
    const sid = `SM${String(this.messages.length + 1).padStart(32, '0')}`;
    this.messages.push({ sid, to: form.To, from: form.From, body: form.Body, authorization });
    const now = new Date().toUTCString();
    return this.json(response, 201, {
      sid,
      account_sid: TWILIO_TEST_ACCOUNT_SID,
      to: form.To,
      from: form.From,
      body: form.Body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      uri: `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages/${sid}.json`,
    });
  }
}

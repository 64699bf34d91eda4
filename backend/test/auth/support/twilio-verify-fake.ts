import { randomInt } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_TEST_ACCOUNT_SID = 'AC00000000000000000000000000000001';
export const TWILIO_TEST_AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
export const TWILIO_TEST_SERVICE_SID = 'VA00000000000000000000000000000001';

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

/**
 * Loopback fake of the two Twilio Verify v2 calls the app makes (`POST /v2/Services/{sid}/Verifications`
 * and `/VerificationCheck`, form-encoded, Basic auth), so tests drive the real twilio SDK.
 * Like Twilio, a resend to a number with a pending verification keeps its code, and a check with no
 * pending verification answers 404.
 */
export class TwilioVerifyFake {
  readonly requests: RecordedRequest[] = [];
  readonly verifications = new Map<string, FakeVerification>();
  /** Makes the next send answer 503. */
  failNextSend = false;
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
    const match = /^\/v2\/Services\/([^/]+)\/(Verifications|VerificationCheck)$/.exec(path);
    if (request.method !== 'POST' || !match || match[1] !== TWILIO_TEST_SERVICE_SID) {
      return this.json(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const to = form.To;
    const base = { account_sid: TWILIO_TEST_ACCOUNT_SID, service_sid: TWILIO_TEST_SERVICE_SID, to, channel: 'sms', date_created: new Date().toISOString() };
    if (match[2] === 'Verifications') {
      if (this.failNextSend) {
        this.failNextSend = false;
        return this.json(response, 503, { code: 20503, message: 'Service unavailable', status: 503 });
      }
      const existing = this.verifications.get(to);
      const verification =
        existing?.status === 'pending' ? existing : { to, code: String(randomInt(0, 1_000_000)).padStart(6, '0'), status: 'pending' as const };
      this.verifications.set(to, verification);
      return this.json(response, 201, { ...base, sid: 'VE0000000000000000000000000000000a', status: 'pending', valid: false });
    }
    const verification = this.verifications.get(to);
    if (!verification || verification.status !== 'pending') {
      return this.json(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    if (form.Code === verification.code) verification.status = 'approved';
    return this.json(response, 200, { ...base, sid: 'VE0000000000000000000000000000000a', status: verification.status, valid: verification.status === 'approved' });
  }
}

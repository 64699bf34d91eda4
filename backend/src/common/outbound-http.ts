import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { CheckedOutboundAddress, OutboundDecision } from './outbound-address';

/**
 * The HTTP side of the outbound-address policy: a request made only after its URL passed the policy, and
 * connected to the very address that was checked (a pinned lookup, so a second DNS answer cannot swap in a
 * private address). Used by every call to an address a user typed (office chat webhook, CalDAV, Exchange).
 */

/** A lookup that answers the checked address, whatever DNS would say now. */
export function pinnedLookup({ address, family }: CheckedOutboundAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export interface OutboundFetchOptions {
  /** Every exchange is bounded by this time limit (connection, answer and body). */
  timeoutMs: number;
  /** Redirects followed by hand, each target decided like the first URL (0: a 3xx is answered as is). */
  maxRedirects?: number;
}

/**
 * A `fetch` whose every request, and every redirect it follows, is decided first: a refused URL throws before
 * anything (credentials included) is sent. With `redirect: 'manual'` a 3xx is answered as is.
 */
export function outboundFetch(decide: OutboundDecision, options: OutboundFetchOptions) {
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    const body = await bodyOf(init.body);
    const signal = init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(options.timeoutMs)])
      : AbortSignal.timeout(options.timeoutMs);
    for (let hop = 0; ; hop += 1) {
      const checked = await decide(url);
      const response = await pinnedRequest(checked, {
        method: init.method ?? 'GET',
        headers,
        body,
        signal,
      });
      const location = response.headers.get('location');
      const redirected = response.status >= 300 && response.status < 400 && location;
      if (!redirected || init.redirect === 'manual' || hop >= (options.maxRedirects ?? 0)) return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      // As browsers do: the credentials of one origin are not handed to another by a redirect.
      if (next.origin !== new URL(url).origin) headers.delete('authorization');
      url = next.href;
    }
  };
}

async function bodyOf(body: RequestInit['body']): Promise<Buffer | string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** One HTTP exchange with an address that passed the policy; the answer as a WHATWG Response. */
export function pinnedRequest(
  checked: CheckedOutboundAddress,
  request: { method: string; headers: Headers; body?: Buffer | string; signal: AbortSignal },
): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<Response>((resolve, reject) => {
    const outgoing = (checked.url.protocol === 'https:' ? https : http).request(
      checked.url,
      { method: request.method, headers, lookup: pinnedLookup(checked), signal: request.signal },
      (incoming) => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const v of value) answer.append(name, v);
          else if (value !== undefined) answer.set(name, value);
        }
        const status = incoming.statusCode ?? 502;
        const empty = request.method === 'HEAD' || [101, 204, 205, 304].includes(status);
        if (empty) incoming.resume();
        const response = new Response(
          empty ? null : (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>),
          { status, statusText: incoming.statusMessage, headers: answer },
        );
        // tsdav reads response.url to name a failed request.
        Object.defineProperty(response, 'url', { value: checked.url.href });
        resolve(response);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * A promise lookup for clients that take one (axios): every connection decides `url` again and connects to
 * the address just checked. For a client that contacts one address only and follows no redirect.
 */
export function decidedLookup(
  decide: OutboundDecision,
  url: string,
): () => Promise<{ address: string; family: 4 | 6 }> {
  return async () => {
    const { address, family } = await decide(url);
    return { address, family };
  };
}

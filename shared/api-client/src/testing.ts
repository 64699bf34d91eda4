/**
 * For the apps' test doubles of `fetch`: what a call asked, whether it came from the generated
 * client (one `Request`, absolute URL) or from code that passes a URL and an init.
 */
export interface FetchCall {
  method: string;
  /** Path and query, without the origin: `/api/v1/login?x=1`. */
  url: string;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** The path and query a fetch call asked for, without the origin. */
export function fetchCallUrl(input: RequestInfo | URL): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return raw.replace(/^https?:\/\/[^/]+/, '');
}

export async function readFetchCall(input: RequestInfo | URL, init?: RequestInit): Promise<FetchCall> {
  if (typeof input === 'object' && 'method' in input && !init) {
    const text = await input.clone().text();
    return {
      method: input.method.toUpperCase(),
      url: fetchCallUrl(input),
      headers: input.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  }
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url: fetchCallUrl(input),
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

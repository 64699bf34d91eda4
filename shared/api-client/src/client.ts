import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError } from './errors.js';
import type { paths } from './schema.js';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Origin of the API: '' is not allowed by `Request`, so browsers pass `location.origin`. */
  baseUrl: string;
  /** The bearer token of the current area (`user_token`, `admin_token`, `attendee_token`), read on each call. */
  token?: () => string | undefined | null;
  /** Headers added to every call (the visitor's address behind the public site, for instance). */
  headers?: () => Record<string, string | undefined>;
  /** Aborts a call that takes longer (server-side callers; browsers rely on the user). */
  timeoutMs?: number;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * One typed client of the API (paths and payloads generated from backend/openapi.json). Each app
 * builds its own in a small factory; every call carries the bearer token, a request id (the
 * API logs it and echoes it back, so a user's report can be matched with the server's log line)
 * and JSON. Use with `unwrap`, which turns any failure into one ApiError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    // Looked up on each call, not when the client is built, so tests can stub `fetch`.
    fetch: (request) =>
      options.timeoutMs === undefined
        ? globalThis.fetch(request)
        : globalThis.fetch(request, {
            signal: AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]),
          }),
  });
  client.use(requestHeaders(options));
  return client;
}

function requestHeaders(options: ApiClientOptions): Middleware {
  return {
    onRequest({ request }) {
      applyRequestHeaders(request.headers, options);
      return request;
    },
  };
}

/**
 * The headers every call to the API carries: JSON, a request id, the area's bearer token and the
 * app's own headers. Exported for react-admin's generic list client, which builds its own requests.
 */
export function applyRequestHeaders(
  headers: Headers,
  options: Pick<ApiClientOptions, 'token' | 'headers'>,
): Headers {
  headers.set('accept', 'application/json');
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, newRequestId());
  const token = options.token?.();
  if (token) headers.set('authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
    if (value) headers.set(name, value);
  }
  return headers;
}

/** A fresh id for the `x-request-id` header (crypto.randomUUID needs https; getRandomValues does not). */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b: number) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** What an openapi-fetch call resolves to: the typed data, or the error body, with the response. */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call; otherwise throws ApiError: the API's `{statusCode, code, message}`
 * with its French message, or a network failure (status 0). An abort by the caller is rethrown as is.
 */
export async function unwrap<T>(call: Promise<CallResult<T>>): Promise<T> {
  let result: CallResult<T>;
  try {
    result = await call;
  } catch (cause) {
    if (isAbortByCaller(cause)) throw cause;
    throw ApiError.network();
  }
  if (!result.response.ok) throw new ApiError(result.response.status, result.error ?? null);
  return result.data as T;
}

function isAbortByCaller(cause: unknown): boolean {
  return cause instanceof Error && cause.name === 'AbortError';
}

import { CalendarAuthError, CalendarProviderError } from './calendar-provider.port';
import type { AccessTokenSource } from './microsoft-auth';

/** One page of a Graph collection (v1.0): its items and the link to the next page or to the next delta. */
export interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/** A 429 / 503 asking to wait this long or less is waited for in place; longer, the job is retried later. */
const MAX_IN_PLACE_WAIT_MS = 30_000;
const MAX_ATTEMPTS = 4;

/** A Graph request Graph refused; `code` is Graph's error code (e.g. SyncStateNotFound). */
export class GraphRequestError extends CalendarProviderError {
  constructor(
    message: string,
    status: number,
    readonly code: string | null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message, status);
  }
}

/**
 * A small typed fetch layer over Graph v1.0: a bearer token from MSAL on every call (a 401 asks MSAL once
 * more, then means "reconnect"), 429 / 503 honoured through Retry-After, and next/delta links followed only
 * on Graph's own origin so the token never leaves for another host.
 */
export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    private readonly tokens: AccessTokenSource & { forget?(): void },
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    pathOrLink: string,
    options: { body?: unknown; prefer?: string[] } = {},
  ): Promise<T> {
    const url = this.resolve(pathOrLink);
    let renewedToken = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.accessToken();
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(options.prefer?.length ? { prefer: options.prefer.join(', ') } : {}),
          },
          body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        throw new CalendarProviderError(
          `Microsoft Graph unreachable: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as T;
      }
      const failure = await graphError(response);
      if (response.status === 401) {
        // One fresh token (revoked meanwhile, or expired early); a second 401 means the grant is gone.
        if (!renewedToken && this.tokens.forget) {
          this.tokens.forget();
          renewedToken = true;
          continue;
        }
        throw new CalendarAuthError(`Microsoft Graph refused the token (${failure.code ?? 401})`);
      }
      if (
        (response.status === 429 || response.status === 503 || response.status === 504) &&
        attempt < MAX_ATTEMPTS
      ) {
        const wait = failure.retryAfterMs ?? 2 ** attempt * 1000;
        if (wait <= MAX_IN_PLACE_WAIT_MS) {
          await this.sleep(wait);
          continue;
        }
      }
      throw failure;
    }
  }

  /** Every page of a collection, following @odata.nextLink. */
  async all<T>(path: string, prefer: string[] = []): Promise<T[]> {
    const out: T[] = [];
    let link: string | undefined = path;
    while (link) {
      const page: GraphPage<T> = await this.request<GraphPage<T>>('GET', link, { prefer });
      out.push(...(page.value ?? []));
      link = page['@odata.nextLink'];
    }
    return out;
  }

  private resolve(pathOrLink: string): string {
    if (!/^https?:\/\//i.test(pathOrLink)) return `${this.baseUrl}${pathOrLink}`;
    const link = new URL(pathOrLink);
    const base = new URL(this.baseUrl);
    if (link.origin !== base.origin)
      throw new CalendarProviderError(`Microsoft Graph link to another host refused: ${link.origin}`);
    return link.toString();
  }
}

async function graphError(response: Response): Promise<GraphRequestError> {
  let code: string | null = null;
  let message = response.statusText;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } | string };
    if (typeof body.error === 'object' && body.error) {
      code = body.error.code ?? null;
      message = body.error.message ?? message;
    } else if (typeof body.error === 'string') code = body.error;
  } catch {
    // no JSON body
  }
  const retryAfter = response.headers.get('retry-after');
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  const date = seconds === null && retryAfter ? Date.parse(retryAfter) : NaN;
  const retryAfterMs =
    seconds !== null ? seconds * 1000 : Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
  return new GraphRequestError(
    `Microsoft Graph ${response.status}${code ? ` ${code}` : ''}: ${message}`,
    response.status,
    code,
    retryAfterMs,
  );
}

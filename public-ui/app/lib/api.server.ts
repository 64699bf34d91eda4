import { createApiClient, type ApiClient, type CallResult, type Schemas } from '@rdv/api-client';
import { apiUrl } from './config.server';

/** A speciality as the pages use it (the id as a string, for keys and form values). */
export type Speciality = Pick<Schemas['SpecialityDto'], 'slug' | 'name'> & { _id: string };

/** A typed call on the generated client, as loaders and actions write it: `(api) => api.GET(...)`. */
export type ApiCall<T> = (api: ApiClient) => Promise<CallResult<T>>;

/** What a server-side call to the API answers (it never throws): its status and body, and for an error the
 * API's domain code and the French text to show. */
export interface ApiAnswer<T = unknown> {
  ok: boolean;
  status: number;
  body: T;
  /** Domain code of an error answer (`SLOT_TAKEN`, `ACCOUNT_NOT_EXIST`...). */
  code?: string;
  /** What to show the user for an error answer, in French. */
  message?: string;
}

export interface ServerApiOptions {
  /** The area's bearer token (the attendee's, read from its HttpOnly cookie). */
  token?: string;
  /** The visitor's address, for the API's per-address throttling (X-Forwarded-For). */
  forwardedFor?: string | null;
  timeoutMs?: number;
}

/**
 * The public site's client of the API, server side (loaders, actions, resource routes): the API's
 * own address (API_URL), the visitor's bearer token and address when given, a request id, and a
 * timeout so a slow API never holds a page.
 */
export function serverApi({ token, forwardedFor, timeoutMs = 5_000 }: ServerApiOptions = {}): ApiClient {
  return createApiClient({
    baseUrl: apiUrl(),
    token: () => token,
    headers: () => ({ 'x-forwarded-for': forwardedFor ?? undefined }),
    timeoutMs,
  });
}

const CACHE_TTL_MS = 60_000;
const cache = new Map<string, { expires: number; value: unknown }>();

/**
 * A GET from a loader, cached for a minute under `cacheKey`. Failures are logged and give
 * `fallback` (docs/product.md §8: a failed load of specialities, rating or timezones is only logged), so a
 * page still renders when the API is slow or down. Reference data changes rarely and the home
 * page must stay fast.
 */
export async function apiGetCached<T>(
  cacheKey: string,
  call: ApiCall<T>,
  fallback: T,
  timeoutMs = 2_000,
  ttlMs = CACHE_TTL_MS,
): Promise<T> {
  const hit = cache.get(cacheKey);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  try {
    const { data, response } = await call(serverApi({ timeoutMs }));
    if (!response.ok || data === undefined) throw new Error(`HTTP ${response.status}`);
    cache.set(cacheKey, { expires: Date.now() + ttlMs, value: data });
    return data;
  } catch (error) {
    console.error(
      `[public-ui] GET ${cacheKey} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return fallback;
  }
}

/** For tests: forget cached answers. */
export function clearApiCache(): void {
  cache.clear();
}

export async function fetchSpecialities(): Promise<Speciality[]> {
  const list = await apiGetCached('/api/v1/specialities', (api) => api.GET('/api/v1/specialities'), []);
  if (!Array.isArray(list)) return [];
  return list
    .filter((s) => typeof s?.slug === 'string' && typeof s?.name === 'string')
    .map(({ _id, slug, name }) => ({ _id: String(_id), slug, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/**
 * The visitor's address: X-Client-IP, which the gateway (server/app.js) sets from the socket and
 * overwrites when a client sends it. Without the gateway (tests), nothing. Never the raw
 * X-Forwarded-For: the API's per-address limits would then count what the client chose.
 */
export function visitorAddress(request: Request): string | undefined {
  const ip = request.headers.get('x-client-ip');
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : undefined;
}

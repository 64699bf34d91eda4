import { apiUrl } from './config.server';

export interface Speciality {
  _id: string;
  slug: string;
  name: string;
}

const CACHE_TTL_MS = 60_000;
const cache = new Map<string, { expires: number; value: unknown }>();

/**
 * GET on the API from a loader. Failures are logged and give `fallback` (spec §8: a failed
 * load of specialities, rating or timezones is only logged), so a page still renders when
 * the API is slow or down. Successful answers are kept for a minute: reference data changes
 * rarely and the home page must stay fast.
 */
export async function apiGetCached<T>(path: string, fallback: T, timeoutMs = 2_000): Promise<T> {
  const url = `${apiUrl()}${path}`;
  const hit = cache.get(url);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const value = (await response.json()) as T;
    cache.set(url, { expires: Date.now() + CACHE_TTL_MS, value });
    return value;
  } catch (error) {
    console.error(`[public-ui] GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
}

/** For tests: forget cached answers. */
export function clearApiCache(): void {
  cache.clear();
}

export async function fetchSpecialities(): Promise<Speciality[]> {
  const list = await apiGetCached<unknown>('/api/v1/specialities', []);
  if (!Array.isArray(list)) return [];
  return list
    .filter((s): s is Speciality => typeof s?.slug === 'string' && typeof s?.name === 'string')
    .map(({ _id, slug, name }) => ({ _id: String(_id), slug, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

import { data } from 'react-router';
import { apiUrl } from './config.server';
import type { CitySuggestion, DepartmentCities, NearestCity, SitemapEntry } from './directory';

export interface ApiAnswer<T> {
  status: number;
  body: T | null;
}

/**
 * A call to the API from a loader or action. Network failures and timeouts answer status 0,
 * so the caller decides between a 404, an error page or a degraded page.
 */
export async function apiCall<T>(
  path: string,
  init: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ApiAnswer<T>> {
  const url = `${apiUrl()}${path}`;
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs ?? 5_000),
    });
    const text = await response.text();
    let body: T | null = null;
    try {
      body = text ? (JSON.parse(text) as T) : null;
    } catch {
      body = null;
    }
    if (!response.ok && response.status >= 500)
      console.error(`[public-ui] ${init.method ?? 'GET'} ${url}: HTTP ${response.status}`);
    return { status: response.status, body };
  } catch (error) {
    console.error(
      `[public-ui] ${init.method ?? 'GET'} ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { status: 0, body: null };
  }
}

/**
 * For a page that shows one resource: the body on 200, the 404 page on 404 (and on 400: a
 * malformed slug in the URL is a page that does not exist), the error page otherwise.
 */
export async function apiPage<T>(path: string): Promise<T> {
  const answer = await apiCall<T>(path);
  if (answer.status === 200 && answer.body !== null) return answer.body;
  if (answer.status === 404 || answer.status === 400) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function fetchCitiesByDepartment(): Promise<DepartmentCities[] | null> {
  const answer = await apiCall<DepartmentCities[]>('/api/v1/cities');
  return answer.status === 200 && Array.isArray(answer.body) ? answer.body : null;
}

export async function fetchCitySuggestions(q: string, limit = 8): Promise<CitySuggestion[]> {
  const answer = await apiCall<CitySuggestion[]>(`/api/v1/cities/autocomplete${query({ q, limit })}`);
  return answer.status === 200 && Array.isArray(answer.body) ? answer.body : [];
}

/** The visitor's address as the gateway saw it (server/app.js sets X-Client-IP, overwriting any sent). */
export function clientIp(request: Request): string | null {
  const ip = request.headers.get('x-client-ip');
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : null;
}

/** "Near you": the nearest city with professionals, from the visitor's IP (never fails the page). */
export async function fetchNearestCityByIp(request: Request): Promise<NearestCity | null> {
  const ip = clientIp(request);
  const answer = await apiCall<NearestCity>('/api/v1/geo/nearest-city', {
    headers: ip ? { 'x-forwarded-for': ip } : {},
    timeoutMs: 1_500,
  });
  return answer.status === 200 && answer.body?.cityUri ? answer.body : null;
}

export async function fetchSitemapEntries(
  kind: 'profiles' | 'cities' | 'offices' | 'articles',
): Promise<SitemapEntry[]> {
  const answer = await apiCall<SitemapEntry[]>(`/api/v1/sitemap/${kind}`, { timeoutMs: 15_000 });
  if (answer.status !== 200 || !Array.isArray(answer.body)) throw data(null, { status: 503 });
  return answer.body;
}

import { data } from 'react-router';
import { serverApi, visitorAddress, type ApiAnswer, type ApiCall } from './api.server';
import type { CitySuggestion, DepartmentCities, NearestCity, SitemapEntry } from './directory';

/**
 * A call to the API from a loader or action (a typed call on the generated client). Network
 * failures and timeouts answer status 0, so the caller decides between a 404, an error page or a
 * degraded page.
 */
export async function apiCall<T>(
  call: ApiCall<T>,
  init: { forwardedFor?: string | null; timeoutMs?: number; label?: string } = {},
): Promise<ApiAnswer<T | null>> {
  try {
    const {
      data: body,
      error,
      response,
    } = await call(serverApi({ forwardedFor: init.forwardedFor, timeoutMs: init.timeoutMs ?? 5_000 }));
    if (!response.ok && response.status >= 500)
      console.error(`[public-ui] ${response.url}: HTTP ${response.status}`);
    return {
      ok: response.ok,
      status: response.status,
      body: response.ok ? (body ?? null) : ((error as T) ?? null),
    };
  } catch (error) {
    console.error(
      `[public-ui] ${init.label ?? 'API call'} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { ok: false, status: 0, body: null };
  }
}

/**
 * For a page that shows one resource: the body on 200, the 404 page on 404 (and on 400: a
 * malformed slug in the URL is a page that does not exist), the error page otherwise.
 */
export async function apiPage<T>(call: ApiCall<T>): Promise<T> {
  const answer = await apiCall(call);
  if (answer.status === 200 && answer.body !== null) return answer.body;
  if (answer.status === 404 || answer.status === 400) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export async function fetchCitiesByDepartment(): Promise<DepartmentCities[] | null> {
  const answer = await apiCall((api) => api.GET('/api/v1/cities'));
  return answer.status === 200 && Array.isArray(answer.body) ? answer.body : null;
}

export async function fetchCitySuggestions(q: string, limit = 8): Promise<CitySuggestion[]> {
  const answer = await apiCall((api) =>
    api.GET('/api/v1/cities/autocomplete', { params: { query: { q, limit } } }),
  );
  return answer.status === 200 && Array.isArray(answer.body) ? answer.body : [];
}

/** "Near you": the nearest city with professionals, from the visitor's IP (never fails the page). */
export async function fetchNearestCityByIp(request: Request): Promise<NearestCity | null> {
  const answer = await apiCall((api) => api.GET('/api/v1/geo/nearest-city'), {
    forwardedFor: visitorAddress(request),
    timeoutMs: 1_500,
  });
  return answer.status === 200 && answer.body?.cityUri ? answer.body : null;
}

export async function fetchSitemapEntries(
  kind: 'profiles' | 'cities' | 'offices' | 'articles',
  file = 1,
): Promise<SitemapEntry[]> {
  const answer = await apiCall(
    (api) =>
      kind === 'profiles' && file > 1
        ? api.GET('/api/v1/sitemap/profiles', { params: { query: { file } } })
        : api.GET(`/api/v1/sitemap/${kind}`),
    { timeoutMs: 15_000 },
  );
  if (answer.status === 404) throw data(null, { status: 404 });
  if (answer.status !== 200 || !Array.isArray(answer.body)) throw data(null, { status: 503 });
  return answer.body;
}

/** How many files the profiles sitemap has (profiles.xml, profiles-2.xml...), or null when the API does not say. */
export async function fetchProfileSitemapFiles(): Promise<number | null> {
  const answer = await apiCall((api) => api.GET('/api/v1/sitemap/profile-files'), { timeoutMs: 15_000 });
  const files = answer.status === 200 ? answer.body?.files : undefined;
  return typeof files === 'number' && Number.isInteger(files) && files >= 1 ? files : null;
}

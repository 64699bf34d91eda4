/**
 * Cache-Control of the public pages that show next free slots (city listings, departments, profiles,
 * offices): the same freshness as the API reads they render (backend/src/common/http-cache.ts, `slots`):
 * 30 s in a shared cache, then 30 s served stale while one request refreshes it. A slot taken meanwhile
 * can show for up to a minute; booking checks it again and answers "ce créneau n'est plus disponible".
 * The gateway (server/page-cache.js) turns it into `private, no-cache` for a request with a cookie and adds
 * the ETag. The home page is not among them: its "near you" depends on the visitor's address.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

/** A route's `headers` export for those pages. */
export function publicPageHeaders(): HeadersInit {
  return { 'Cache-Control': PUBLIC_PAGE_CACHE };
}

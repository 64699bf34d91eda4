/**
 * Admin-configured redirects: the gateway asks the API
 * `GET /api/v1/redirects/resolve?path=` -> 200 `{ to, status }` or 404, keeps the answers a
 * short while in memory, and fails open: when the API is slow or down, no redirect (the page is
 * served) rather than an error.
 */

import { parseApiOrigins } from './api-proxy.js';

const STATUSES = new Set([301, 302, 307, 308]);
/** Only paths of this site can be configured (the API's SITE_PATH). */
const SITE_PATH = /^\/[^\s?#]*$/;

/**
 * @param {object} options
 * @param {string | (() => string)} options.apiUrl origin of the API, several separated by commas (used in
 *   turn), or the function giving the next ready API replica's origin
 * @param {number} [options.ttlMs] how long an answer (found or not) is kept, default 60 s
 * @param {number} [options.timeoutMs] default 800 ms
 * @param {number} [options.maxEntries] default 5000 (oldest dropped first)
 * @param {typeof fetch} [options.fetch]
 * @param {() => number} [options.now]
 * @returns {(path: string) => Promise<{ status: 301 | 302 | 307 | 308, location: string } | null>}
 */
export function createConfiguredRedirects(options) {
  const apiOrigin =
    typeof options.apiUrl === 'function' ? options.apiUrl : rotation(parseApiOrigins(options.apiUrl));
  const ttlMs = options.ttlMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 800;
  const maxEntries = options.maxEntries ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  /** @type {Map<string, { expires: number, value: { status: 301 | 302 | 307 | 308, location: string } | null }>} */
  const cache = new Map();
  /** @type {Map<string, Promise<any>>} */
  const inFlight = new Map();

  async function ask(path) {
    const apiUrl = apiOrigin().replace(/\/+$/, '');
    const response = await doFetch(`${apiUrl}/api/v1/redirects/resolve?path=${encodeURIComponent(path)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw new Error(`redirects/resolve answered ${response.status}`);
    const body = await response.json();
    if (!body || typeof body.to !== 'string' || !STATUSES.has(body.status)) return null;
    // Never redirect a path to itself (a loop).
    if (body.to === path) return null;
    return { status: body.status, location: body.to };
  }

  return async function findConfiguredRedirect(path) {
    if (!SITE_PATH.test(path) || path.length > 2000) return null;
    const hit = cache.get(path);
    if (hit && hit.expires > now()) return hit.value;
    let pending = inFlight.get(path);
    if (!pending) {
      pending = ask(path).finally(() => inFlight.delete(path));
      inFlight.set(path, pending);
    }
    // Errors propagate: the gateway logs them and serves the page (fail open). Not cached, so
    // the next request tries again.
    const value = await pending;
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value);
    cache.set(path, { expires: now() + ttlMs, value });
    return value;
  };
}

/** @param {string[]} origins @returns {() => string} each call the next origin, in turn */
function rotation(origins) {
  let turn = 0;
  return () => {
    const origin = origins[turn];
    turn = (turn + 1) % origins.length;
    return origin;
  };
}

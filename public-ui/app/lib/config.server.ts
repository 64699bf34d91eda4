import { getSector, type Sector } from '@rdv/sectors';

let apiTurn = 0;

/**
 * Where the gateway (server/index.js) publishes its choice of API replica: the next READY one (readiness
 * checked every second, a refusing replica set aside: server/api-targets.js), the same list its /api/v1 proxy
 * uses. The server build and the gateway share one process but not one module graph, hence a global symbol.
 */
export const GATEWAY_API_ORIGIN = Symbol.for('rdv.gateway.nextApiOrigin');

/**
 * Base URL of the API, without trailing slash (CONVENTIONS.md: API_URL, default http://127.0.0.1:3001): the
 * gateway's next ready replica; without the gateway (dev server, tests), API_URL's origins in turn.
 */
export function apiUrl(): string {
  const fromGateway = (globalThis as Record<symbol, unknown>)[GATEWAY_API_ORIGIN];
  if (typeof fromGateway === 'function') return (fromGateway as () => string)();
  const origins = (process.env.API_URL || 'http://127.0.0.1:3001')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  apiTurn = (apiTurn + 1) % origins.length;
  return origins[apiTurn] ?? 'http://127.0.0.1:3001';
}

/** Public origin of the site, used for canonical URLs (PUBLIC_URL, default http://localhost:3000). */
export function publicUrl(): string {
  return (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
}

/** The sector this deployment serves (SECTOR, default lawyer). */
export function currentSector(): Sector {
  return getSector(process.env.SECTOR);
}

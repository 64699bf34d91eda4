import { getSector, type Sector } from '@rdv/sectors';

let apiTurn = 0;

/**
 * Base URL of the API, without trailing slash (CONVENTIONS.md: API_URL, default http://127.0.0.1:3001).
 * API_URL may list several origins separated by commas: each call takes the next one (round-robin);
 * Node's fetch keeps the connections to each alive.
 */
export function apiUrl(): string {
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

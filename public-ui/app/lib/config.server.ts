import { getSector, type Sector } from '@rdv/sectors';

let turn = 0;

/**
 * Base URL of the API, without trailing slash (CONVENTIONS.md: API_URL, default http://127.0.0.1:3001).
 * With several API replicas (a comma-separated API_URL), each call gives the next one in turn.
 */
export function apiUrl(): string {
  const urls = (process.env.API_URL || 'http://127.0.0.1:3001')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  turn = (turn + 1) % 1_000_000;
  return (urls[turn % urls.length] ?? 'http://127.0.0.1:3001').replace(/\/+$/, '');
}

/** Public origin of the site, used for canonical URLs (PUBLIC_URL, default http://localhost:3000). */
export function publicUrl(): string {
  return (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
}

/** The sector this deployment serves (SECTOR, default lawyer). */
export function currentSector(): Sector {
  return getSector(process.env.SECTOR);
}

/**
 * The maps' tile provider (MAP_TILE_URL, MAP_ATTRIBUTION): read by the gateway at boot (it refuses a bad
 * value) and by the public site's server build (the root data the pages' maps read, and the pages'
 * Content-Security-Policy, which must let the browser load the tiles), which run in one process.
 * Default: OpenStreetMap's own tiles with their attribution. Another provider must name its attribution
 * (providers' terms require it). Tiles over plain http only from this machine (the loopback tile stub of
 * the demo and the journeys, scripts/tile-fake.mjs).
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '© OpenStreetMap';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ settings: { tileUrl: string, attribution: string }, origin: string }}
 * @throws {Error} a message naming the variable and what is wrong
 */
export function mapTiles(env = process.env) {
  const tileUrl = env.MAP_TILE_URL?.trim() || DEFAULT_TILE_URL;
  const attribution =
    env.MAP_ATTRIBUTION?.trim() || (tileUrl === DEFAULT_TILE_URL ? DEFAULT_ATTRIBUTION : '');
  for (const placeholder of ['{z}', '{x}', '{y}'])
    if (!tileUrl.includes(placeholder))
      throw new Error(`MAP_TILE_URL must hold {z}, {x} and {y} (got "${tileUrl}")`);
  let url;
  try {
    url = new URL(tileUrl.replace(/\{[a-z]\}/g, '0'));
  } catch {
    throw new Error(`MAP_TILE_URL must be an https URL (got "${tileUrl}")`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw new Error(`MAP_TILE_URL must be an https URL, or http on this machine only (got "${tileUrl}")`);
  if (url.username || url.password)
    throw new Error('MAP_TILE_URL must not carry credentials (a key goes in its query string)');
  if (!attribution) throw new Error('MAP_ATTRIBUTION is required with another MAP_TILE_URL than the default');
  if (attribution.length > 200) throw new Error('MAP_ATTRIBUTION must be 200 characters at most');
  return { settings: { tileUrl, attribution }, origin: url.origin };
}

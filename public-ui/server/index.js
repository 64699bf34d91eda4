/**
 * Starts the web gateway: `node server/index.js` (after `npm run build -w public-ui`).
 * Reads WEB_PORT (3000), API_URL (http://127.0.0.1:3001; several API replicas: a comma-separated list,
 * taken in turn among the ready ones, see api-targets.js, through keep-alive pools), SECTOR (lawyer), PUBLIC_URL
 * (http://localhost:3000, used by the pages for canonical URLs), NODE_ENV (production),
 * WEB_TRUSTED_PROXIES (proxies in front of the gateway whose X-Forwarded-* it believes: IPs or CIDR
 * ranges, comma-separated; none by default, the gateway being the edge) and WEB_HSTS (true: send
 * Strict-Transport-Security on every answer; otherwise only on requests that came over https) and
 * WEB_PAGE_CACHE_SECONDS (0: off; n: anonymous public pages rendered once per URL for n seconds) and
 * WEB_METRICS_PORT (unset: off; a side port serving /metrics, never the public one; see observability.js) and
 * MAP_TILE_URL / MAP_ATTRIBUTION (the maps' tile provider; see map-tiles.js).
 */
import './instrument.js';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getSector } from '@rdv/sectors';
import { browserErrorTracking } from './browser-error-tracking.js';
import { mapTiles } from './map-tiles.js';
import { parseApiOrigins } from './api-proxy.js';
import { createApiTargets } from './api-targets.js';
import { createApp } from './app.js';
import { buildDirectoryFor } from './build-dir.js';
import { createConfiguredRedirects } from './configured-redirects.js';
import { redactConsole } from './log-redaction.js';

// Before anything can log: no link token or session ever reaches the gateway's output.
redactConsole();
import { jsonLogger, log, startMetricsServer } from './observability.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function fail(message) {
  console.error(`[gateway] ${message}`);
  process.exit(1);
}

let sector;
try {
  sector = getSector(process.env.SECTOR);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
// Each sector has its own build (build/ for lawyers, build-notary/...): serve the one of SECTOR.
const buildDir = path.join(root, buildDirectoryFor(sector.key));
const serverBuild = path.join(buildDir, 'server/index.js');
const port = Number(process.env.WEB_PORT || 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535)
  fail(`WEB_PORT must be a port number (got "${process.env.WEB_PORT}")`);
let apiUrl = '';
let apiTargets;
try {
  apiTargets = createApiTargets(parseApiOrigins(process.env.API_URL));
  apiUrl = apiTargets.urls.join(',');
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const trustedProxies = (process.env.WEB_TRUSTED_PROXIES ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean);
for (const entry of trustedProxies) {
  const [address, bits] = entry.split('/');
  if (!isIP(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
    fail(
      `WEB_TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges (got "${entry}")`,
    );
}
const pageCacheSetting = process.env.WEB_PAGE_CACHE_SECONDS || '0';
if (!/^\d{1,3}$/.test(pageCacheSetting))
  fail(`WEB_PAGE_CACHE_SECONDS must be a whole number of seconds, 0 to 999 (got "${pageCacheSetting}")`);
const metricsPort = process.env.WEB_METRICS_PORT ? Number(process.env.WEB_METRICS_PORT) : undefined;
if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort <= 0 || metricsPort > 65535))
  fail(`WEB_METRICS_PORT must be a port number (got "${process.env.WEB_METRICS_PORT}")`);
const hstsSetting = process.env.WEB_HSTS || 'false';
if (!['true', 'false'].includes(hstsSetting)) fail(`WEB_HSTS must be true or false (got "${hstsSetting}")`);
try {
  mapTiles();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!existsSync(serverBuild))
  fail(`${serverBuild} is missing: run "SECTOR=${sector.key} npm run build -w public-ui" first`);

// React picks its production build from NODE_ENV when first loaded (the development build renders
// several times slower): default it before React Router and React are imported.
process.env.NODE_ENV ||= 'production';
const { createRequestHandler } = await import('@react-router/express');
const build = await import(pathToFileURL(serverBuild).href);
// Route words are fixed at build time (app/routes.ts): refuse a build made for another sector.
if (!Object.values(build.routes).some((r) => r.path === sector.routes.directory)) {
  fail(
    `the build has no /${sector.routes.directory} route: it was made for another SECTOR; rebuild with SECTOR=${sector.key}`,
  );
}
apiTargets.start();
// The pages' loaders take the same ready replica as the proxy (app/lib/config.server.ts, GATEWAY_API_ORIGIN).
globalThis[Symbol.for('rdv.gateway.nextApiOrigin')] = () => apiTargets.next();
const errorTracking = browserErrorTracking();
if (process.env.SENTRY_BROWSER_DSN && !errorTracking)
  fail('SENTRY_BROWSER_DSN must be an http(s) URL (a DSN)');
const app = createApp({
  browserErrorTracking: errorTracking,
  apiUrl,
  apiTargets,
  handleRequest: createRequestHandler({ build, mode: process.env.NODE_ENV || 'production' }),
  clientDir: path.join(buildDir, 'client'),
  adminDist: path.resolve(root, '../admin-ui/dist'),
  userDist: path.resolve(root, '../user-ui/dist'),
  findConfiguredRedirect: createConfiguredRedirects({ apiUrl: () => apiTargets.next() }),
  trustedProxies,
  hsts: hstsSetting === 'true',
  pageCacheSeconds: Number(pageCacheSetting),
  logger: jsonLogger,
});
if (metricsPort) startMetricsServer(metricsPort);

const server = app.listen(port, () => {
  log('info', `gateway listening on http://localhost:${port}`, { api: apiUrl, sector: sector.key });
});
server.on('error', (error) => fail(`cannot listen on ${port}: ${error.message}`));

let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  log('info', `${signal} received, closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // In-flight requests get 10 s to finish.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

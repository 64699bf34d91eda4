/**
 * The one-origin web gateway (CONVENTIONS.md, "Ports and processes"): API proxy, the two SPAs,
 * the public site's static assets and its server rendering, behind one port.
 * Built by createApp() so tests can drive it without a real build or API.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import express from 'express';
import compression from 'compression';
import proxyaddr from 'proxy-addr';
import { errorTrackingMetaTag } from './browser-error-tracking.js';
import { createApiProxy, parseApiOrigins } from './api-proxy.js';
import { createApiTargets } from './api-targets.js';
import { pageCache } from './page-cache.js';
import { resolveRedirect } from './redirects.js';
import { observed } from './observability.js';

const ONE_YEAR = '1y';
/**
 * What a missing file of a SPA's dist looks like: a 404, not the app's HTML. Any other path is a
 * client route, dots included (the admin's mail templates are `/admin/mail-templates/appointment.requested.professional`).
 */
const STATIC_FILE =
  /\.(?:m?js|css|map|json|webmanifest|html?|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf)$/i;
/** Paths never indexed: attendee space, appointment and response pages, professional and admin areas. */
export const PRIVATE_AREAS = /^\/(participant|appointments|events-responses|user|admin)(\/|$)/;

/**
 * @typedef {{ status: 301 | 302 | 307 | 308, location: string }} ConfiguredRedirect
 * @typedef {object} GatewayOptions
 * @property {string} apiUrl origin of the API, e.g. http://127.0.0.1:3001, or several separated by
 *   commas (API replicas): the gateway spreads the API calls over the ready ones in turn (keep-alive)
 * @property {ReturnType<import('./api-targets.js').createApiTargets>} [apiTargets] the replicas with
 *   their readiness checks (index.js starts them); default: built from apiUrl, unchecked
 * @property {import('express').RequestHandler} handleRequest the React Router request handler
 * @property {string} clientDir public-ui/build/client
 * @property {string} adminDist admin-ui/dist
 * @property {string} userDist user-ui/dist
 * @property {(path: string) => Promise<ConfiguredRedirect | null>} [findConfiguredRedirect]
 *   hook for the redirects administrators configure by path (table + API). Not wired
 *   yet: the default finds none.
 * @property {Pick<Console, 'error' | 'warn'>} [logger]
 * @property {string[]} [trustedProxies] proxies in front of the gateway whose X-Forwarded-For /
 *   X-Forwarded-Proto it believes (WEB_TRUSTED_PROXIES). Default none: the gateway is the edge
 *   and the client address is the socket's.
 * @property {boolean} [hsts] send Strict-Transport-Security on every answer (WEB_HSTS=true), not
 *   only on those to requests that came over https
 * @property {number} [maxBodyBytes] largest request body the API accepts (its upload routes)
 * @property {number} [pageCacheSeconds] micro-cache of the anonymous public pages (WEB_PAGE_CACHE_SECONDS;
 *   0, the default: off)
 */

/** The API's largest body limit (backend/src/modules/media/upload-body-limit.ts, UPLOAD_BODY_LIMIT). */
export const API_MAX_BODY_BYTES = 10 * 1024 * 1024;
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Content-Security-Policy of the professional and admin SPAs: their scripts are files of their own
 * build, never inline; MUI / emotion and FullCalendar inject <style> elements at run time, hence
 * 'unsafe-inline' for styles only. The public site's pages get theirs, with a per-request nonce,
 * from the React Router server entry (app/entry.server.tsx). `errorOrigin` (browser error tracking
 * on) may receive the errors the SDK sends.
 * @param {string} [errorOrigin]
 */
export function spaContentSecurityPolicy(errorOrigin) {
  return SPA_POLICY.map((directive) =>
    errorOrigin && directive.startsWith('connect-src') ? `${directive} ${errorOrigin}` : directive,
  ).join('; ');
}

const SPA_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
];

export const SPA_CONTENT_SECURITY_POLICY = spaContentSecurityPolicy();

/** Headers through which a client could choose the address or scheme the API and the pages see. */
const CLIENT_CHOSEN_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
];

/** app/lib/server-rendered.ts: the header that tells a page's loader its request is a document's. */
export const DOCUMENT_REQUEST_HEADER = 'x-rdv-document-request';

/**
 * Marks a page's document request for its loader, which then leaves the cards it renders out of the hydration
 * data; React Router's own `.data` fetches (client-side navigations) need them and are never marked, whatever
 * the client sent.
 * @type {import('express').RequestHandler}
 */
export function markDocumentRequests(req, _res, next) {
  if (req.path.endsWith('.data')) delete req.headers[DOCUMENT_REQUEST_HEADER];
  else req.headers[DOCUMENT_REQUEST_HEADER] = '1';
  next();
}

/**
 * The gateway: a plain Node request handler (`gateway(req, res)`) with `listen(...)` like an
 * Express app's. `/api/v1/*` goes straight to the API proxy (api-proxy.js); everything else
 * through Express (SPAs, assets, redirects, server rendering).
 * @param {GatewayOptions} options
 */
export function createApp(options) {
  const { apiUrl, handleRequest, clientDir, adminDist, userDist } = options;
  const apiTargets = options.apiTargets ?? createApiTargets(parseApiOrigins(apiUrl));
  const findConfiguredRedirect = options.findConfiguredRedirect ?? (async () => null);
  const logger = options.logger ?? console;
  const maxBodyBytes = options.maxBodyBytes ?? API_MAX_BODY_BYTES;
  const proxy = createApiProxy({ targets: apiTargets, logger });

  // The edge decides the client address: from the socket, or from the proxies configured in front
  // of the gateway (none by default), with Express's rules (req.ip, req.protocol).
  const trustedProxies = options.trustedProxies ?? [];
  const trust = trustedProxies.length > 0 ? proxyaddr.compile(trustedProxies) : () => false;
  const compress = compression();

  /**
   * Whatever the client sent as forwarding headers is dropped and replaced by what the gateway
   * saw: the API (which trusts only its gateway) and the pages' loaders count limits per address.
   * @returns {boolean} whether the request came over https
   */
  function rewriteForwarding(req) {
    const address = (trustedProxies.length > 0 ? proxyaddr(req, trust) : req.socket.remoteAddress) ?? '';
    let protocol = req.socket.encrypted ? 'https' : 'http';
    if (trust(req.socket.remoteAddress ?? '', 0)) {
      const header = String(req.headers['x-forwarded-proto'] || protocol);
      protocol = header.split(',')[0].trim();
    }
    const host = req.headers.host ?? '';
    for (const header of CLIENT_CHOSEN_HEADERS) delete req.headers[header];
    req.headers['x-forwarded-for'] = address;
    req.headers['x-forwarded-proto'] = protocol;
    if (host) req.headers['x-forwarded-host'] = host;
    // For the pages' loaders ("near you" by IP, phone-reveal call counting, sign-up limits).
    req.headers['x-client-ip'] = address;
    return protocol === 'https';
  }

  /** Headers of every answer, API and pages alike. */
  function setSecurityHeaders(res, secure, pathname) {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    res.setHeader('x-frame-options', 'SAMEORIGIN');
    // Browsers ignore HSTS over plain http; sent only when this request came over https (directly or
    // behind a trusted proxy's X-Forwarded-Proto), or always when configured.
    if (options.hsts || secure) res.setHeader('strict-transport-security', HSTS);
    // Account, booking and back-office areas stay out of search engines (with robots.txt and meta).
    if (PRIVATE_AREAS.test(pathname)) res.setHeader('x-robots-tag', 'noindex, nofollow');
  }

  /** `/api/v1/*`: body limit, then the keep-alive proxy (responses compressed like the pages). */
  function handleApi(req, res) {
    setSecurityHeaders(res, rewriteForwarding(req), '/api/v1');
    // A body larger than the API accepts is refused here, before a byte is forwarded: the API would
    // answer 413 and close the connection while the gateway is still sending.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBodyBytes) return payloadTooLarge(res, maxBodyBytes);
    // No compression asked for: straight to the proxy (compression's wrapping costs even when unused).
    if (!req.headers['accept-encoding']) return sendToApi(req, res);
    compress(req, res, () => sendToApi(req, res));
  }

  function sendToApi(req, res) {
    if (!req.headers['transfer-encoding']) return proxy.forward(req, res);
    // A body of unknown length is counted as it streams; past the limit, 413 and the forwarded
    // request is abandoned (the API must not wait for the end of a body never sent).
    const abort = new AbortController();
    const body = countedBody(req, res, maxBodyBytes, abort);
    return proxy.forward(req, res, { body, signal: abort.signal });
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustedProxies.length > 0 ? trustedProxies : false);
  app.use((req, res, next) => {
    const secure = rewriteForwarding(req);
    setSecurityHeaders(res, secure, req.path);
    next();
  });
  app.use(compression());

  const errorTracking = options.browserErrorTracking ?? null;
  const spaPolicy = spaContentSecurityPolicy(errorTracking?.origin);
  for (const area of ['/admin', '/user']) {
    app.use(area, (_req, res, next) => {
      res.set('content-security-policy', spaPolicy);
      next();
    });
  }
  const errorMeta = errorTracking ? errorTrackingMetaTag(errorTracking.settings) : null;
  app.use('/admin', singlePageApp('/admin', adminDist, "L'espace administrateur", 'admin-ui', errorMeta));
  app.use('/user', singlePageApp('/user', userDist, "L'espace professionnel", 'user-ui', errorMeta));

  // Fingerprinted build output of the public site: cached forever.
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: ONE_YEAR,
      index: false,
      fallthrough: false,
    }),
  );

  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rule = resolveRedirect(req.originalUrl);
    if (rule?.status === 301) return res.redirect(301, headerSafe(rule.location));
    // Unsupported language prefix: no route has a two-letter first segment, so the public
    // site's catch-all route answers with its 404 page (see app/routes.test.ts).
    if (rule?.status === 404) return next();
    try {
      const configured = await findConfiguredRedirect(req.path);
      if (configured) return res.redirect(configured.status, headerSafe(configured.location));
    } catch (error) {
      logger.warn(
        `[gateway] configured redirects unavailable: ${error instanceof Error ? error.message : error}`,
      );
    }
    return next();
  });

  // Files of the build's root (favicon, robots...): only a path with a file extension can be one, so
  // a page request does not cost a file-system lookup first.
  const rootFiles = express.static(clientDir, { index: false, maxAge: '1h' });
  app.use((req, res, next) => (STATIC_FILE.test(req.path) ? rootFiles(req, res, next) : next()));
  app.use(pageCache({ ttlMs: (options.pageCacheSeconds ?? 0) * 1000 }));
  app.use(markDocumentRequests);
  app.use(handleRequest);

  /** @type {http.RequestListener & { listen: Function, close: () => Promise<unknown> }} */
  const gateway = observed((req, res) => {
    const url = req.url ?? '/';
    // The probes' endpoint: the process serves (the API's own readiness is the API pods' business).
    if (url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(JSON.stringify({ status: 'ok' }));
    }
    if (url.startsWith('/api/v1') && (url.length === 7 || url[7] === '/' || url[7] === '?'))
      return handleApi(req, res);
    return app(req, res);
  });
  gateway.listen = (...args) => {
    const server = http.createServer(gateway);
    // The kept-alive connections to the API end with the gateway's server.
    server.on('close', () => void proxy.destroy());
    return server.listen(...args);
  };
  gateway.close = proxy.close;
  return gateway;
}

/**
 * The request's body counted as it streams (an async iterable undici reads): past `limit`, a 413
 * is sent and the forwarded request aborted.
 */
function countedBody(req, res, limit, abort) {
  let received = 0;
  return (async function* () {
    for await (const chunk of req) {
      received += chunk.length;
      if (received > limit) {
        if (!res.headersSent) payloadTooLarge(res, limit);
        abort.abort();
        return;
      }
      yield chunk;
    }
  })();
}

/** 413 in the API's error shape, with the connection closed: the rest of the body is not read. */
function payloadTooLarge(res, maxBodyBytes) {
  res.writeHead(413, { connection: 'close', 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: `La requête est trop volumineuse (${Math.floor(maxBodyBytes / (1024 * 1024))} Mo au maximum).`,
    }),
  );
}

/**
 * A Vite single-page app mounted under `mount`: its files, and index.html for every other
 * path so client-side routes survive a reload. A 503 with a plain message when not built.
 */
function singlePageApp(mount, dir, label, workspace, headExtra) {
  const router = express.Router();
  const indexHtml = path.join(dir, 'index.html');
  // With browser error tracking on, the page carries its settings (the app starts the SDK when it finds them).
  let served = { mtimeMs: -1, html: '' };
  const indexWithHeadExtra = () => {
    const { mtimeMs } = statSync(indexHtml);
    if (mtimeMs !== served.mtimeMs)
      served = { mtimeMs, html: readFileSync(indexHtml, 'utf8').replace('</head>', `${headExtra}</head>`) };
    return served.html;
  };
  router.use((req, res, next) => {
    const [pathname, query = ''] = req.originalUrl.split(/\?(.*)/s);
    if (pathname === mount) return res.redirect(301, `${mount}/${query ? `?${query}` : ''}`);
    if (!existsSync(indexHtml)) {
      return res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          `${label} n'est pas encore disponible : ${workspace}/dist est absent. Construisez-le avec « npm run build -w ${workspace} ».\n`,
        );
    }
    return next();
  });
  router.use(
    '/assets',
    express.static(path.join(dir, 'assets'), {
      immutable: true,
      maxAge: ONE_YEAR,
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(dir, { index: false, maxAge: '1h' }));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (STATIC_FILE.test(req.path))
      return res.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable\n');
    res.set('cache-control', 'no-cache');
    if (headExtra) return res.type('html').send(indexWithHeadExtra());
    return res.sendFile(indexHtml);
  });
  return router;
}

/**
 * Location header value in ASCII. Node hands an unencoded request line over as latin-1, so
 * characters U+0080..U+00FF are UTF-8 bytes: percent-encode them byte by byte.
 */
export function headerSafe(location) {
  return location
    .replace(/[\u0080-\u00ff]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/[\u{100}-\u{10FFFF}]/gu, (c) => encodeURIComponent(c));
}

/**
 * The one-origin web gateway (CONVENTIONS.md, "Ports and processes"): API proxy, the two SPAs,
 * the public site's static assets and its server rendering, behind one port.
 * Built by createApp() so tests can drive it without a real build or API.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import compression from 'compression';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createApiTargets, parseApiUrls } from './api-targets.js';
import { resolveRedirect } from './redirects.js';

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
 * @property {string} apiUrl origin of the API, e.g. http://127.0.0.1:3001, or several, comma-separated
 *   (API replicas, taken in turn: see api-targets.js)
 * @property {ReturnType<import('./api-targets.js').createApiTargets>} [apiTargets] the replicas with
 *   their readiness checks (index.js starts them); default: built from apiUrl, unchecked
 * @property {import('express').RequestHandler} handleRequest the React Router request handler
 * @property {string} clientDir public-ui/build/client
 * @property {string} adminDist admin-ui/dist
 * @property {string} userDist user-ui/dist
 * @property {(path: string) => Promise<ConfiguredRedirect | null>} [findConfiguredRedirect]
 *   hook for the redirects administrators configure by path (issue 4: table + API). Not wired
 *   yet: the default finds none.
 * @property {Pick<Console, 'error' | 'warn'>} [logger]
 * @property {string[]} [trustedProxies] proxies in front of the gateway whose X-Forwarded-For /
 *   X-Forwarded-Proto it believes (WEB_TRUSTED_PROXIES). Default none: the gateway is the edge
 *   and the client address is the socket's.
 * @property {boolean} [hsts] send Strict-Transport-Security on every answer (WEB_HSTS=true), not
 *   only on those to requests that came over https
 * @property {number} [maxBodyBytes] largest request body the API accepts (its upload routes)
 */

/** The API's largest body limit (backend/src/modules/media/upload-body-limit.ts, UPLOAD_BODY_LIMIT). */
export const API_MAX_BODY_BYTES = 10 * 1024 * 1024;
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Content-Security-Policy of the professional and admin SPAs: their scripts are files of their own
 * build, never inline; MUI / emotion and FullCalendar inject <style> elements at run time, hence
 * 'unsafe-inline' for styles only. The public site's pages get theirs, with a per-request nonce,
 * from the React Router server entry (app/entry.server.tsx).
 */
export const SPA_CONTENT_SECURITY_POLICY = [
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
].join('; ');

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

/** Proxy errors meaning the API replica is gone (not an error of this one request). */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** @param {GatewayOptions} options */
export function createApp(options) {
  const { apiUrl, handleRequest, clientDir, adminDist, userDist } = options;
  const apiTargets = options.apiTargets ?? createApiTargets(parseApiUrls(apiUrl));
  /** @type {WeakMap<import('node:http').IncomingMessage, string>} */
  const chosenTargets = new WeakMap();
  const findConfiguredRedirect = options.findConfiguredRedirect ?? (async () => null);
  const logger = options.logger ?? console;
  const maxBodyBytes = options.maxBodyBytes ?? API_MAX_BODY_BYTES;

  const app = express();
  app.disable('x-powered-by');
  // The edge decides the client address: from the socket, or from the proxies configured in front
  // of the gateway (none by default). Express's req.ip and req.protocol follow this setting.
  const trustedProxies = options.trustedProxies ?? [];
  app.set('trust proxy', trustedProxies.length > 0 ? trustedProxies : false);
  // Whatever the client sent as forwarding headers is dropped and replaced by what the gateway
  // saw: the API (which trusts only its gateway) and the pages' loaders count limits per address.
  app.use((req, _res, next) => {
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    const protocol = req.protocol;
    const host = req.headers.host ?? '';
    for (const header of CLIENT_CHOSEN_HEADERS) delete req.headers[header];
    req.headers['x-forwarded-for'] = address;
    req.headers['x-forwarded-proto'] = protocol;
    if (host) req.headers['x-forwarded-host'] = host;
    // For the pages' loaders ("near you" by IP, phone-reveal call counting, sign-up limits).
    req.headers['x-client-ip'] = address;
    next();
  });
  app.use(compression());
  app.use((req, res, next) => {
    res.set({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
    });
    // Browsers ignore HSTS over plain http; sent only when this request came over https (directly or
    // behind a trusted proxy's X-Forwarded-Proto), or always when configured.
    if (options.hsts || req.secure) res.set('strict-transport-security', HSTS);
    // Account, booking and back-office areas stay out of search engines (with robots.txt and meta).
    if (PRIVATE_AREAS.test(req.path)) res.set('x-robots-tag', 'noindex, nofollow');
    next();
  });

  // A body larger than the API accepts is refused here, before a byte is forwarded: the API would
  // answer 413 and close the connection while the gateway is still sending, which the proxy
  // reports as an error (502). Bodies of unknown length are counted as they stream.
  /** @type {WeakMap<import('node:http').IncomingMessage, import('node:http').ClientRequest>} */
  const proxiedRequests = new WeakMap();
  app.use('/api/v1', (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBodyBytes) return payloadTooLarge(res, maxBodyBytes);
    if (req.headers['transfer-encoding']) {
      let received = 0;
      req.on('data', (chunk) => {
        received += chunk.length;
        if (received > maxBodyBytes && !res.headersSent) {
          payloadTooLarge(res, maxBodyBytes);
          // Abandon the forwarded request: the API must not wait for the end of a body never sent.
          req.unpipe();
          proxiedRequests.get(req)?.destroy();
        }
      });
    }
    return next();
  });

  // The API, path kept as is (`/api/v1/...` on both sides), with the X-Forwarded-* set above.
  app.use(
    createProxyMiddleware({
      target: apiTargets.urls[0],
      // Several API replicas: each request goes to the next ready one (round robin).
      router: (req) => {
        const target = apiTargets.next();
        chosenTargets.set(req, target);
        return target;
      },
      pathFilter: (pathname) => pathname === '/api/v1' || pathname.startsWith('/api/v1/'),
      xfwd: false,
      on: {
        proxyReq: (proxyReq, req) => {
          proxiedRequests.set(req, proxyReq);
        },
        error: (error, req, res) => {
          logger.error(`[gateway] API proxy error: ${error.message}`);
          // A replica that refuses or drops connections (stopped, killed, restarting) gets no new request
          // until its readiness answers 200 again (checked every second).
          const target = chosenTargets.get(req);
          if (target && CONNECTION_LOST.has(/** @type {NodeJS.ErrnoException} */ (error).code ?? ''))
            apiTargets.setAside(target);
          if (!('writeHead' in res)) {
            res.destroy();
            return;
          }
          if (res.headersSent) {
            res.end();
            return;
          }
          res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
          res.end(
            JSON.stringify({
              statusCode: 502,
              code: 'API_UNAVAILABLE',
              message: 'Le service est momentanément indisponible',
            }),
          );
        },
      },
    }),
  );

  for (const area of ['/admin', '/user']) {
    app.use(area, (_req, res, next) => {
      res.set('content-security-policy', SPA_CONTENT_SECURITY_POLICY);
      next();
    });
  }
  app.use('/admin', singlePageApp('/admin', adminDist, "L'espace administrateur", 'admin-ui'));
  app.use('/user', singlePageApp('/user', userDist, "L'espace professionnel", 'user-ui'));

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

  app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  app.use(handleRequest);
  return app;
}

/** 413 in the API's error shape, with the connection closed: the rest of the body is not read. */
function payloadTooLarge(res, maxBodyBytes) {
  res.set('connection', 'close');
  res.status(413).json({
    statusCode: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `La requête est trop volumineuse (${Math.floor(maxBodyBytes / (1024 * 1024))} Mo au maximum).`,
  });
}

/**
 * A Vite single-page app mounted under `mount`: its files, and index.html for every other
 * path so client-side routes survive a reload. A 503 with a plain message when not built.
 */
function singlePageApp(mount, dir, label, workspace) {
  const router = express.Router();
  const indexHtml = path.join(dir, 'index.html');
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

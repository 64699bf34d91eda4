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
 * @property {string} apiUrl origin of the API, e.g. http://127.0.0.1:3001
 * @property {import('express').RequestHandler} handleRequest the React Router request handler
 * @property {string} clientDir public-ui/build/client
 * @property {string} adminDist admin-ui/dist
 * @property {string} userDist user-ui/dist
 * @property {(path: string) => Promise<ConfiguredRedirect | null>} [findConfiguredRedirect]
 *   hook for the redirects administrators configure by path (issue 4: table + API). Not wired
 *   yet: the default finds none.
 * @property {Pick<Console, 'error' | 'warn'>} [logger]
 */

/** @param {GatewayOptions} options */
export function createApp(options) {
  const { apiUrl, handleRequest, clientDir, adminDist, userDist } = options;
  const findConfiguredRedirect = options.findConfiguredRedirect ?? (async () => null);
  const logger = options.logger ?? console;

  const app = express();
  app.disable('x-powered-by');
  // Behind a local reverse proxy in production (compose), trust its X-Forwarded-* headers.
  app.set('trust proxy', 'loopback');
  app.use(compression());
  app.use((req, res, next) => {
    res.set({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
    });
    // Account, booking and back-office areas stay out of search engines (with robots.txt and meta).
    if (PRIVATE_AREAS.test(req.path)) res.set('x-robots-tag', 'noindex, nofollow');
    next();
  });

  // The API, path kept as is (`/api/v1/...` on both sides), X-Forwarded-For/-Host/-Proto added.
  app.use(
    createProxyMiddleware({
      target: apiUrl,
      pathFilter: (pathname) => pathname === '/api/v1' || pathname.startsWith('/api/v1/'),
      xfwd: true,
      on: {
        error: (error, _req, res) => {
          logger.error(`[gateway] API proxy error: ${error.message}`);
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
  // The visitor's address for the pages' loaders ("near you" by IP, phone-reveal call counting),
  // as Express resolved it: a client-sent X-Client-IP is overwritten, never trusted.
  app.use((req, _res, next) => {
    req.headers['x-client-ip'] = req.ip ?? '';
    next();
  });
  app.use(handleRequest);
  return app;
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

/**
 * The gateway's proxy to the API (`/api/v1/*`, path kept as is): undici connection pools kept
 * alive to each API origin, round-robin between them, the response streamed straight into the
 * client's socket. http-proxy-middleware on Node's default agent opened a TCP connection per
 * request and went through Express's router first: the gateway served 0.09-0.16x of the API's
 * own throughput; this path runs before Express.
 */
import { Pool } from 'undici';

/**
 * API_URL: one origin, or several separated by commas (several API processes behind one gateway).
 * @param {string | undefined} value
 * @returns {string[]} origins without trailing slash; throws on an entry that is not an http(s) URL
 */
export function parseApiOrigins(value) {
  const entries = (value || 'http://127.0.0.1:3001')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('API_URL must name at least one origin');
  return entries.map((entry) => {
    let url;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`API_URL must be a URL or a comma-separated list of URLs (got "${entry}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`API_URL must be http(s) URLs (got "${entry}")`);
    return url.origin;
  });
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): never forwarded in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // undici refuses `expect`; a 100-continue is the proxy's business, not the API's.
  'expect',
]);

/** Errors where the API never received the request: safe to try the next origin for a GET or HEAD. */
const NOT_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EHOSTUNREACH']);

/** Errors meaning the API replica is gone (stopped, killed, restarting), not an error of this one request. */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * @param {object} options
 * @param {ReturnType<import('./api-targets.js').createApiTargets>} options.targets the API replicas (api-targets.js):
 *   each call goes to the next ready one; one that refuses or drops a connection is set aside
 * @param {number} [options.connections] keep-alive connections per origin (default 64)
 * @param {Pick<Console, 'error'>} [options.logger]
 */
export function createApiProxy({ targets, connections = 64, logger = console }) {
  const pools = new Map(
    targets.urls.map((origin) => [
      origin,
      new Pool(origin, {
        connections,
        pipelining: 1,
        // Idle sockets kept 30 s (the API's Fastify keeps them 72 s), so bursts find them open.
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      }),
    ]),
  );

  /**
   * Forwards `req` (headers already rewritten by the gateway) and streams the answer into `res`.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {{ body?: AsyncIterable<Buffer>, signal?: AbortSignal }} [extra] the body when not `req` itself
   */
  function forward(req, res, extra = {}) {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
    const retriable = !hasBody;
    /** Origins this request was sent to already (a retry goes to another one). */
    const tried = new Set();

    const attempt = () => {
      let origin = targets.next();
      for (let i = 0; tried.has(origin) && i < targets.urls.length; i++) origin = targets.next();
      if (tried.has(origin)) origin = targets.urls.find((url) => !tried.has(url)) ?? origin;
      tried.add(origin);
      const pool = /** @type {Pool} */ (pools.get(origin));
      pool.stream(
        {
          path: req.url,
          method: req.method,
          headers,
          body: hasBody ? (extra.body ?? req) : null,
          signal: extra.signal,
          opaque: res,
        },
        ({ statusCode, headers: answer, opaque }) => {
          const out = {};
          for (const [name, value] of Object.entries(answer)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          }
          opaque.writeHead(statusCode, out);
          return opaque;
        },
        (error) => {
          if (!error) return;
          if (CONNECTION_LOST.has(error.code)) targets.setAside(origin);
          if (retriable && !res.headersSent && NOT_SENT.has(error.code) && tried.size < pools.size) {
            attempt();
            return;
          }
          if (extra.signal?.aborted) return;
          logger.error(`[gateway] API proxy error: ${error.message}`);
          if (res.headersSent) {
            res.destroy();
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
      );
    };
    attempt();
  }

  return {
    forward,
    close: () => Promise.all([...pools.values()].map((pool) => pool.close())),
    destroy: () => Promise.all([...pools.values()].map((pool) => pool.destroy())),
  };
}

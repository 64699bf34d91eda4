/**
 * The gateway's logs and metrics.
 *
 * Logs: one JSON object per line on stdout (`{"level":"info","time":...,"msg":...}`), the API's format
 * (pino), so one pipeline reads both. Every request gets an `x-request-id` (the client's when it is a plain
 * token, else a new UUID) that the API receives and echoes: a gateway access line and the API's request
 * line share it.
 *
 * Metrics: rdv_gateway_* and the process metrics, served on the side port WEB_METRICS_PORT, never on the
 * public port (the Ingress reaches only that one). Labels are bounded: the area of the site (api, user, admin,
 * assets, page, health), never the path.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { redactSecrets } from './log-redaction.js';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const requestDuration = new Histogram({
  name: 'rdv_gateway_http_request_duration_seconds',
  help: 'Gateway requests by area of the site, method and status code',
  labelNames: ['method', 'area', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** @param {string} url */
export function areaOf(url) {
  if (url === '/healthz') return 'health';
  if (/^\/api\/v1(\/|\?|$)/.test(url)) return 'api';
  if (/^\/user(\/|\?|$)/.test(url)) return 'user';
  if (/^\/admin(\/|\?|$)/.test(url)) return 'admin';
  if (url.startsWith('/assets/')) return 'assets';
  return 'page';
}

/** @param {'info' | 'warn' | 'error'} level @param {string} msg @param {Record<string, unknown>} [fields] */
export function log(level, msg, fields = {}) {
  // Written to stdout directly, not through the console that redactConsole() guards: masked here the same way
  // (a document link, the private calendar feed's token, a mailed link's token never reach the log).
  const line = redactSecrets(JSON.stringify({ level, time: Date.now(), name: 'gateway', msg, ...fields }));
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** The logger createApp() and the proxy take (warn / error with a message). */
export const jsonLogger = {
  warn: (/** @type {string} */ msg) => log('warn', msg),
  error: (/** @type {string} */ msg) => log('error', msg),
};

/**
 * The access log: one line per answered request. Kept in this one function so that what it writes can be
 * filtered in one place (the query string may carry a token: it is cut off until redaction is plugged in).
 * @param {{ id: string, method: string, url: string, status: number, ms: number, bytes?: number }} entry
 */
export function accessLog(entry) {
  log('info', 'request completed', {
    reqId: entry.id,
    req: { method: entry.method, path: entry.url.split('?')[0] },
    res: { statusCode: entry.status },
    responseTime: Math.round(entry.ms),
  });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Wraps the gateway's handler: request id, access log and metrics for every request.
 * @param {http.RequestListener} handler
 * @returns {http.RequestListener}
 */
export function observed(handler) {
  return (req, res) => {
    const started = process.hrtime.bigint();
    // Read now: Express rewrites req.url inside its mounted routers.
    const url = req.url ?? '/';
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const method = METHODS.has(req.method ?? '') ? (req.method ?? 'GET') : 'OTHER';
      requestDuration.observe({ method, area: areaOf(url), status_code: String(res.statusCode) }, ms / 1000);
      accessLog({ id, method, url, status: res.statusCode, ms });
    });
    return handler(req, res);
  };
}

/** Side port: GET /metrics only. Unref'd: it never keeps a closing gateway alive. */
export function startMetricsServer(/** @type {number} */ port) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error) => res.writeHead(500).end(String(error)),
    );
  });
  server.listen(port, '0.0.0.0');
  server.unref();
  return server;
}

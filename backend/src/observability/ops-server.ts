import { createServer, type Server } from 'node:http';
import { registry } from './metrics';

export interface OpsServerOptions {
  port: number;
  host?: string;
  /** The worker's health: liveness is "the process answers"; readiness runs this (queues, relay, last job). */
  readiness?: () => Promise<{ ok: boolean; body: unknown }>;
}

/**
 * The side port of the API and the worker (METRICS_PORT): `/metrics` for Prometheus, and for the worker,
 * which serves no HTTP otherwise, `/health` and `/health/ready` for its probes. A port of its own, not a
 * route of the API: the gateway proxies only the API port, the Ingress only the gateway, so the metrics are
 * never public; in Kubernetes a NetworkPolicy lets only the monitoring namespace reach this port.
 * @public loaded with require() by main.ts and main.worker.ts, once the environment is checked.
 */
export function startOpsServer(options: OpsServerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0];
      if (request.method !== 'GET') {
        response.writeHead(405).end();
      } else if (path === '/metrics') {
        const body = await registry.metrics();
        response.writeHead(200, { 'content-type': registry.contentType }).end(body);
      } else if (path === '/health') {
        json(response, 200, { status: 'ok' });
      } else if (path === '/health/ready' && options.readiness) {
        const { ok, body } = await options.readiness();
        json(response, ok ? 200 : 503, body);
      } else {
        response.writeHead(404).end();
      }
    })().catch((error: unknown) => {
      if (!response.headersSent)
        json(response, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // unref: the side port never keeps a process alive that is shutting down.
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve(server.unref()));
  });
}

function json(response: import('node:http').ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

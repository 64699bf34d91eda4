import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from './metrics';

/**
 * Times every API request into rdv_http_request_duration_seconds. The route label is the route's template
 * (`/api/v1/appointments/:id`), never the raw URL, so no id reaches a label; requests no route matched share
 * one label, whatever the URL a scanner tried.
 */
export function installHttpMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger, type Options as PinoHttpOptions } from 'pino-http';
import { isHealthProbe } from './logger.module';

/**
 * The request log as a Fastify onRequest hook rather than a Nest middleware (see logger.module.ts):
 * pino-http on the raw request and response, so the lines are the ones the middleware wrote
 * ("request completed" / "request errored", `req.id` = the request id Fastify generated or accepted),
 * and the rest of the request runs in nestjs-pino's logging context, so a log written while handling
 * it carries the request too. Health probes skip it altogether, as they skipped the middleware.
 * Register before the other onRequest hooks: the response time then covers them.
 */
export function installRequestLogging(
  fastify: FastifyInstance,
  contextLogger: PinoLogger,
  options: PinoHttpOptions,
): void {
  // PinoLogger.root is the logger nestjs-pino built from the same options; it is set while the
  // application initialises, hence built on the first request.
  let httpLogger: HttpLogger<IncomingMessage, ServerResponse> | undefined;
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isHealthProbe(request.url)) return done();
    httpLogger ??= pinoHttp<IncomingMessage, ServerResponse>({ ...options, logger: PinoLogger.root });
    const raw = request.raw as typeof request.raw & { id?: unknown };
    raw.id = request.id;
    httpLogger(raw, reply.raw);
    contextLogger.runInContext(done, { bindings: { req: raw } });
  });
}

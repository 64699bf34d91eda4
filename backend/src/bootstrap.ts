import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Logger, PinoLogger } from 'nestjs-pino';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { genReqId, REQUEST_ID_HEADER } from './common/request-id';
import { installRequestSanitizer } from './common/request-sanitizer';
import { drainOversizedBodies } from './common/upload-body-limit';
import { registerMultipart } from './common/multipart-upload';
import { installDocsCsp, installSecurityHeaders } from './common/security-headers';
import { installETags } from './common/http-cache';
import { requestLoggingOptions } from './common/logger.module';
import { installRequestLogging } from './common/request-logging';
import { createValidationPipe } from './common/validation';
import { installHttpMetrics } from './observability/http-metrics';
import { ENV } from './config/config.module';
import type { Env } from './config/env.schema';

export const API_PREFIX = 'api/v1';

/**
 * @param trustedProxies TRUSTED_PROXIES: only these peers (the gateway, a load balancer) may set the
 * client address through X-Forwarded-For; from any other peer the header is ignored and the socket
 * address counts. `true` or a broad range would let a client choose its address and bypass the
 * per-IP login, SMS, sign-up and call-count limits by rotating the header.
 */
export function createFastifyAdapter(trustedProxies: string[]): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: trustedProxies,
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    genReqId,
    // Fastify's own logger is off: requests are logged by pino-http in an onRequest hook (request-logging.ts).
    logger: false,
    // Errors the router raises before any route runs (a path that is not valid percent-encoded UTF-8, e.g.
    // `%ED%A0%80`): the API's error shape and a French message instead of Fastify's English default.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void reply.status(statusCode).send({
        statusCode,
        code: 'INVALID_URL',
        message: 'L’adresse de la requête est invalide',
      });
    },
  });
}

export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('RDV Avocat API')
    .setDescription(
      'Online booking directory for French legal professionals. Errors: `{ statusCode, code, message }`.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  return SwaggerModule.createDocument(app, config);
}

/**
 * Everything main.ts, the tests and the OpenAPI script must configure identically:
 * prefix, validation, error filter, helmet, logger, Swagger, shutdown hooks.
 * Swagger UI follows API_DOCS_ENABLED unless `options.swagger` says otherwise.
 */
export async function configureApp(
  app: NestFastifyApplication,
  options: { swagger?: boolean } = {},
): Promise<void> {
  const swagger = options.swagger ?? app.get<Env>(ENV).API_DOCS_ENABLED;
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  installRequestLogging(
    app.getHttpAdapter().getInstance(),
    await app.resolve(PinoLogger),
    requestLoggingOptions(app.get<Env>(ENV)),
  );
  installRequestSanitizer(app.getHttpAdapter().getInstance());
  drainOversizedBodies(app.getHttpAdapter().getInstance());
  await registerMultipart(app.getHttpAdapter().getInstance());
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  installSecurityHeaders(app.getHttpAdapter().getInstance());
  installHttpMetrics(app.getHttpAdapter().getInstance());
  installETags(app.getHttpAdapter().getInstance());
  if (swagger) {
    const document = buildOpenApiDocument(app);
    SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs-json` });
    installDocsCsp(app.getHttpAdapter().getInstance(), `/${API_PREFIX}/docs`);
  }
}

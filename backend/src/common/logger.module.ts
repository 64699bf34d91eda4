import { Module } from '@nestjs/common';
import { LoggerModule as PinoLoggerModule } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';
import { pinoGenReqId } from './request-id';
import { REDACTED, REDACTED_LOG_PATHS, redactSecrets, redactValue } from './log-redaction';

/** Health probes are never logged: load balancers call them every few seconds. */
export function isHealthProbe(url: string | undefined): boolean {
  return (url ?? '').startsWith('/api/v1/health');
}

/**
 * The pino-http options of the request log: one line per request, carrying the request id. The same
 * options build the application's logger (API and worker): credentials in URLs and messages are masked
 * (log-redaction.ts), structured credential fields blanked.
 */
export function requestLoggingOptions(env: Pick<Env, 'LOG_LEVEL'>): PinoHttpOptions {
  return {
    level: env.LOG_LEVEL,
    genReqId: pinoGenReqId,
    redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => redactValue(arg)) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url === undefined ? undefined : redactSecrets(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => isHealthProbe(req.url) },
  };
}

/**
 * pino JSON logs; each HTTP log line carries the request id (`x-request-id`, echoed in the response).
 * nestjs-pino provides the application's logger (Nest's `Logger`, `PinoLogger`) but mounts no Nest
 * middleware (`forRoutes: []`): a Nest middleware makes Fastify run @fastify/middie's engine on every
 * request, which cost more than a health probe itself (measured in the CPU profile of the API). The request log is written
 * by Fastify hooks instead (`installRequestLogging`, request-logging.ts), with these same options.
 */
@Module({
  imports: [
    PinoLoggerModule.forRootAsync({
      inject: [ENV],
      useFactory: (env: Env) => ({ pinoHttp: requestLoggingOptions(env), forRoutes: [] }),
    }),
  ],
})
export class LoggerModule {}

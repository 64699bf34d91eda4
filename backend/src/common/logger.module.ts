import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule as PinoLoggerModule } from 'nestjs-pino';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env.schema';
import { pinoGenReqId } from './request-id';

/** pino JSON logs; each HTTP log line carries the request id (`x-request-id`, echoed in the response). */
@Module({
  imports: [
    PinoLoggerModule.forRootAsync({
      inject: [ENV],
      useFactory: (env: Env) => ({
        pinoHttp: {
          level: env.LOG_LEVEL,
          genReqId: pinoGenReqId,
          serializers: {
            req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
              remoteAddress: req.remoteAddress,
            }),
            res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
          },
          autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/v1/health') },
        },
        // Health probes are never logged (above): they skip the logging middleware altogether, which
        // costs more than the probe itself (issue 18's profile).
        exclude: [
          { method: RequestMethod.GET, path: 'health' },
          { method: RequestMethod.GET, path: 'health/ready' },
        ],
      }),
    }),
  ],
})
export class LoggerModule {}

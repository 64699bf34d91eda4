import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import request from 'supertest';
import { createTestApp } from '../app';

/**
 * The request log (Fastify hooks, request-logging.ts): one "request completed" line per request with its
 * request id, method, URL and status; none for health probes. The lines are read from the application's
 * own pino logger, its destination swapped for an array once the application has built it.
 */
describe('request log', () => {
  let app: NestFastifyApplication;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { LOG_LEVEL: 'info' } });
    const root = PinoLogger.root as unknown as Record<symbol, unknown>;
    root[pino.symbols.streamSym] = { write: (line: string) => void lines.push(JSON.parse(line)) };
  });
  afterAll(async () => {
    await app.close();
  });

  const linesOf = (requestId: string) =>
    lines.filter((line) => (line.req as { id?: string } | undefined)?.id === requestId);

  it('writes one line per request with the request id it echoes, the route and the status', async () => {
    await request(app.getHttpServer())
      .get('/api/v1/specialities')
      .set('x-request-id', 'log-ok-1')
      .expect(200)
      .expect('x-request-id', 'log-ok-1');
    await request(app.getHttpServer())
      .get('/api/v1/professionals/nobody-by-that-name')
      .set('x-request-id', 'log-404-1')
      .expect(404);

    expect(linesOf('log-ok-1')).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ id: 'log-ok-1', method: 'GET', url: '/api/v1/specialities' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(linesOf('log-404-1')).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 404 } }),
    ]);
  });

  it('logs a generated request id when the client sends none', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/specialities').expect(200);
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id)).toHaveLength(1);
  });

  it('does not log health probes', async () => {
    await request(app.getHttpServer()).get('/api/v1/health').set('x-request-id', 'log-probe-1').expect(200);
    await request(app.getHttpServer())
      .get('/api/v1/health/ready')
      .set('x-request-id', 'log-probe-2')
      .expect(200);
    expect(linesOf('log-probe-1')).toEqual([]);
    expect(linesOf('log-probe-2')).toEqual([]);
  });
});

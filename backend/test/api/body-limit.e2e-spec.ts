import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore: the gateway's proxy is plain JavaScript (public-ui/server), used here as is.
import { createApiProxy } from '../../../public-ui/server/api-proxy.js';
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore: idem
import { createApiTargets } from '../../../public-ui/server/api-targets.js';
import { createTestApp } from '../app';

/**
 * A JSON body just over the 1 MiB limit of a route that is not an upload route: the client, or the web
 * gateway forwarding it over kept-alive connections, must get the French 413 every time, never a
 * connection reset (which the gateway turns into a 502).
 */
describe('Bodies over the limit', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await createTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 413 in French to 18 bodies of 1.1 MB in a row through the web gateway’s proxy', async () => {
    // The gateway's own proxy (kept-alive undici pools), in front of this API.
    const targets = createApiTargets([base], { checkIntervalMs: 60_000 });
    const proxy = createApiProxy({ targets, logger: { error: () => undefined } });
    const gateway = http.createServer((req, res) => proxy.forward(req, res));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    const body = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1_100_000) });
    const answers: string[] = [];
    try {
      for (let i = 0; i < 18; i++) {
        const response = await fetch(`${gatewayUrl}/api/v1/auth/attendee/login`, {
          method: 'POST',
          signal: AbortSignal.timeout(5_000),
          headers: { 'content-type': 'application/json' },
          body,
        }).catch((error: Error) => ({ status: 0, json: async () => ({ message: error.message }) }));
        const answer = (await response.json()) as { message?: string };
        answers.push(`${response.status} ${answer.message}`);
      }
    } finally {
      gateway.close();
      await proxy.destroy();
      targets.stop();
    }
    expect(answers).toEqual(Array(18).fill('413 La requête est trop volumineuse'));
  }, 120_000);

  it('still refuses an upload-sized body outside upload routes without reading past the gateway’s cap', async () => {
    const response = await fetch(`${base}/api/v1/auth/attendee/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(11 * 1024 * 1024),
    }).catch(() => undefined);
    // Fastify refuses without reading (and may reset the connection): anything but a 5xx.
    if (response) expect(response.status).toBe(413);
  });
});

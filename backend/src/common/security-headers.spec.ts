import Fastify from 'fastify';
import { helmetHeaders, installSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('are computed once with the API CSP (Swagger UI allowed, no https upgrade)', () => {
    const headers = helmetHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("img-src 'self' data: validator.swagger.io");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('are sent on a route answer and on a 404 alike', async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/ok', async () => ({ ok: true }));
    try {
      for (const [url, status] of [
        ['/ok', 200],
        ['/missing', 404],
      ] as const) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(status);
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
    } finally {
      await app.close();
    }
  });
});

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';

/** Production also requires the calendar credentials' sealing key. */
const PRODUCTION = {
  NODE_ENV: 'production',
  CALENDAR_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
};

describe('Swagger UI at /api/v1/docs follows API_DOCS_ENABLED', () => {
  let app: NestFastifyApplication | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is not served in production unless asked for: 404 on the UI and on the JSON document', async () => {
    app = await createTestApp({ env: PRODUCTION });
    await request(app.getHttpServer()).get('/api/v1/docs').expect(404);
    await request(app.getHttpServer()).get('/api/v1/docs-json').expect(404);
    await request(app.getHttpServer()).get('/api/v1/health').expect(200);
  });

  it('is not served when turned off outside production', async () => {
    app = await createTestApp({ env: { API_DOCS_ENABLED: 'false' } });
    await request(app.getHttpServer()).get('/api/v1/docs').expect(404);
  });

  it('is served when turned on, in production too (the demo turns it on for the README link)', async () => {
    app = await createTestApp({ env: { ...PRODUCTION, API_DOCS_ENABLED: 'true' } });
    const ui = await request(app.getHttpServer()).get('/api/v1/docs').redirects(1);
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui');
    const json = await request(app.getHttpServer()).get('/api/v1/docs-json').expect(200);
    expect(json.body.info.title).toBe('RDV Avocat API');
  });
});

describe('Swagger UI content security policy', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp({ env: { API_DOCS_ENABLED: 'true' } });
  });

  afterAll(async () => {
    await app.close();
  });

  it('allows neither inline scripts nor inline styles on the API, Swagger UI included (its styles by hash)', async () => {
    const api = await request(app.getHttpServer()).get('/api/v1/health').expect(200);
    expect(api.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(api.headers['content-security-policy']).toContain("script-src 'self';");
    const ui = await request(app.getHttpServer()).get('/api/v1/docs').redirects(1).expect(200);
    const csp = ui.headers['content-security-policy'] as string;
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toMatch(/style-src 'self' 'sha256-[^']+'/);
    // Every script of the page is a file: nothing inline for the policy to forbid.
    expect(ui.text).not.toMatch(/<script>/);
  });
});

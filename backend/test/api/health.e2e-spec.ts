import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { startClamd } from '../support/clamd';

describe('GET /api/v1/health', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 200 while the process is alive', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/health').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('echoes the incoming x-request-id, or generates one', async () => {
    const echoed = await request(app.getHttpServer()).get('/api/v1/health').set('x-request-id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const generated = await request(app.getHttpServer()).get('/api/v1/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends helmet security headers', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('is ready (200) when PostgreSQL and Redis answer', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/health/ready').expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      checks: { postgres: { status: 'up' }, redis: { status: 'up' } },
    });
  });
});

describe('GET /api/v1/health/ready with a dependency down', () => {
  it('answers 503 naming Redis when Redis is unreachable', async () => {
    const app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const started = Date.now();
      const response = await request(app.getHttpServer()).get('/api/v1/health/ready').expect(503);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(response.body.status).toBe('error');
      expect(response.body.checks.postgres).toEqual({ status: 'up' });
      expect(response.body.checks.redis.status).toBe('down');
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming PostgreSQL when PostgreSQL is unreachable', async () => {
    const app = await createTestApp({ env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/rdv' } });
    try {
      const response = await request(app.getHttpServer()).get('/api/v1/health/ready').expect(503);
      expect(response.body.status).toBe('error');
      expect(response.body.checks.postgres.status).toBe('down');
      expect(response.body.checks.redis).toEqual({ status: 'up' });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/health/ready with the antivirus on', () => {
  it('is ready with clamd answering, and 503 naming clamav when clamd is gone', async () => {
    const clamd = await startClamd();
    const app = await createTestApp({ env: { ANTIVIRUS: 'clamav', CLAMAV_ADDRESS: clamd.address } });
    try {
      const up = await request(app.getHttpServer()).get('/api/v1/health/ready').expect(200);
      expect(up.body.checks.clamav).toEqual({ status: 'up' });
      await clamd.stop();
      const down = await request(app.getHttpServer()).get('/api/v1/health/ready').expect(503);
      expect(down.body.status).toBe('error');
      expect(down.body.checks.clamav.status).toBe('down');
      expect(down.body.checks.postgres).toEqual({ status: 'up' });
    } finally {
      await app.close();
      await clamd.stop();
    }
  });

  it('does not check clamd when the antivirus is off', async () => {
    const app = await createTestApp({ env: { ANTIVIRUS: 'none' } });
    try {
      const response = await request(app.getHttpServer()).get('/api/v1/health/ready').expect(200);
      expect(response.body.checks.clamav).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

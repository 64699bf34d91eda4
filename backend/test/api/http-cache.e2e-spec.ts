import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { PUBLIC_CACHE } from '../../src/common/http-cache';
import { createTestApp } from '../app';

/** Public reads are cacheable by shared caches and revalidate with ETag / 304; nothing else is. */
describe('HTTP caching of the public reads', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks reference data public (s-maxage, stale-while-revalidate) with an ETag, and answers 304 to it', async () => {
    const first = await request(app.getHttpServer()).get('/api/v1/timezones').expect(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE.reference);
    expect(first.headers['cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await request(app.getHttpServer())
      .get('/api/v1/timezones')
      .set('if-none-match', etag)
      .expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await request(app.getHttpServer())
      .get('/api/v1/timezones')
      .set('if-none-match', 'W/"something-else"')
      .expect(200);
    expect(other.body).toEqual(first.body);
  });

  it('keeps the slots of a search fresh for at most a minute in a shared cache', () => {
    expect(PUBLIC_CACHE.slots).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
  });

  it('never marks an error public, nor gives it an ETag', async () => {
    const missing = await request(app.getHttpServer()).get('/api/v1/search?cityUri=nulle-part').expect(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(String(missing.headers['cache-control'] ?? '')).not.toContain('public');
  });

  it('leaves personal answers and the health probe out of shared caches', async () => {
    const personal = await request(app.getHttpServer()).get('/api/v1/users/me');
    expect(personal.status).toBe(401);
    expect(String(personal.headers['cache-control'] ?? '')).not.toContain('public');
    expect(personal.headers.etag).toBeUndefined();
    const health = await request(app.getHttpServer()).get('/api/v1/health').expect(200);
    expect(String(health.headers['cache-control'] ?? '')).not.toContain('public');
    expect(health.headers.etag).toBeUndefined();
  });
});

// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi } from '../app/fake-api.test-helper';
import { createApp, DOCUMENT_REQUEST_HEADER } from './app.js';
import { DOCUMENT_REQUEST_HEADER as HEADER_THE_LOADERS_READ } from '../app/lib/server-rendered';

let api;
let gateway;
let base;
let dir;

beforeAll(async () => {
  api = await startFakeApi({
    'GET *': { status: 200, body: { ok: true } },
    'POST *': { status: 201, body: { ok: true } },
  });
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
  const adminDist = path.join(dir, 'admin-dist');
  mkdirSync(path.join(adminDist, 'assets'), { recursive: true });
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>admin</title>');
  writeFileSync(path.join(adminDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const clientDir = path.join(dir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(path.join(clientDir, 'assets', 'root-abc123.js'), 'export {}');

  const app = createApp({
    apiUrl: api.url,
    clientDir,
    adminDist,
    userDist: path.join(dir, 'user-dist-not-built'),
    handleRequest: (req, res) =>
      res
        .status(200)
        .type('text/plain')
        .send(`ssr ${req.originalUrl}${req.headers[DOCUMENT_REQUEST_HEADER] === '1' ? ' (document)' : ''}`),
    findConfiguredRedirect: async (p) =>
      p === '/ancienne-page' ? { status: 301, location: '/nouvelle-page' } : null,
    logger: { error: () => {}, warn: () => {} },
  });
  gateway = await new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  base = `http://127.0.0.1:${gateway.address().port}`;
});

afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (p, init) => fetch(`${base}${p}`, { redirect: 'manual', ...init });

describe('web gateway', () => {
  it('proxies /api/v1/* to the API with the same path, query and body, adding X-Forwarded-*', async () => {
    const res = await get('/api/v1/specialities?sort=name');
    expect(res.status).toBe(200);
    const seen = api.requests.at(-1);
    expect(seen.url).toBe('/api/v1/specialities?sort=name');
    expect(seen.headers['x-forwarded-for']).toBeTruthy();
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(new URL(base).host);

    await get('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"a"}',
    });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/login',
      body: '{"username":"a"}',
    });
  });

  it('answers 502 with the API error shape when the API is down', async () => {
    const app = createApp({
      apiUrl: 'http://127.0.0.1:9',
      clientDir: dir,
      adminDist: dir,
      userDist: dir,
      handleRequest: (_req, res) => res.end(),
      logger: { error: () => {}, warn: () => {} },
    });
    const server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${server.address().port}/api/v1/health`);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ statusCode: 502, code: 'API_UNAVAILABLE' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('serves the admin SPA under /admin/ with a fallback to its index.html', async () => {
    const deep = await get('/admin/users/42');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>admin</title>');
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/admin/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/admin/assets/missing.js')).status).toBe(404);
    expect((await get('/admin/missing-logo.png')).status).toBe(404);
  });

  it('serves the admin SPA on a reload of a record whose id holds dots (mail templates)', async () => {
    const deep = await get('/admin/mail-templates/appointment.requested.professional');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>admin</title>');
  });

  it('redirects /admin to /admin/', async () => {
    const res = await get('/admin?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/admin/?x=1');
  });

  it('answers 503 with a clear text when a SPA is not built', async () => {
    const res = await get('/user/connexion');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('user-ui/dist est absent');
  });

  it('serves the public build assets with an immutable one-year cache', async () => {
    const res = await get('/assets/root-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('applies the spec redirects before rendering', async () => {
    for (const [from, to] of [
      ['/en/avocats', '/fr/avocats'],
      ['/fr/', '/'],
      ['/fr/cgu', '/cgu'],
      ['/avocats/s%C5%93ur', '/avocats/soeur'],
    ]) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it('applies configured redirects through the hook', async () => {
    const res = await get('/ancienne-page');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/nouvelle-page');
  });

  it('hands everything else to the server renderer', async () => {
    const res = await get('/avocats/lyon?page=2', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ssr /avocats/lyon?page=2 (document)');
  });

  it("tells the pages a document request from a client-side navigation's data request, whatever the client says", async () => {
    // The loaders read this header to leave the cards they render out of the hydration data (app/lib/server-rendered.ts).
    expect(DOCUMENT_REQUEST_HEADER).toBe(HEADER_THE_LOADERS_READ);
    const data = await get('/avocats/lyon.data?page=2', { headers: { [DOCUMENT_REQUEST_HEADER]: '1' } });
    expect(await data.text()).toBe('ssr /avocats/lyon.data?page=2');
    const page = await get('/avocats/lyon', { headers: { [DOCUMENT_REQUEST_HEADER]: '0' } });
    expect(await page.text()).toBe('ssr /avocats/lyon (document)');
  });
});

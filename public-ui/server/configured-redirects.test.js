// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeApi } from '../app/fake-api.test-helper';
import { createApp } from './app.js';
import { createConfiguredRedirects } from './configured-redirects.js';

let api;
let server;

afterEach(async () => {
  await api?.close();
  api = undefined;
  if (server) await new Promise((resolve) => server.close(resolve));
  server = undefined;
});

const resolveUrl = (p) => `GET /api/v1/redirects/resolve?path=${encodeURIComponent(p)}`;

describe('admin-configured redirects (GET /api/v1/redirects/resolve)', () => {
  it('redirects a configured path to its target with the configured status', async () => {
    api = await startFakeApi({
      [resolveUrl('/ancienne-page')]: { status: 200, body: { to: '/avocats/lyon', status: 301 } },
    });
    const find = createConfiguredRedirects({ apiUrl: api.url });
    expect(await find('/ancienne-page')).toEqual({ status: 301, location: '/avocats/lyon' });
    expect(await find('/autre-page')).toBeNull();
  });

  it('keeps answers for a while: one API call for repeated requests, a new one after the delay', async () => {
    api = await startFakeApi({
      [resolveUrl('/ancienne-page')]: { status: 200, body: { to: '/nouvelle', status: 308 } },
    });
    let now = 0;
    const find = createConfiguredRedirects({ apiUrl: api.url, ttlMs: 60_000, now: () => now });
    await Promise.all([find('/ancienne-page'), find('/ancienne-page')]);
    await find('/ancienne-page');
    await find('/pas-de-regle');
    await find('/pas-de-regle');
    expect(api.requests).toHaveLength(2);
    now = 61_000;
    await find('/ancienne-page');
    expect(api.requests).toHaveLength(3);
  });

  it('ignores answers that would loop or are not redirects', async () => {
    api = await startFakeApi({
      [resolveUrl('/boucle')]: { status: 200, body: { to: '/boucle', status: 301 } },
      [resolveUrl('/bizarre')]: { status: 200, body: { to: '/x', status: 200 } },
    });
    const find = createConfiguredRedirects({ apiUrl: api.url });
    expect(await find('/boucle')).toBeNull();
    expect(await find('/bizarre')).toBeNull();
  });

  it('fails open through the gateway: the page is served when the API is down', async () => {
    const warnings = [];
    const app = createApp({
      apiUrl: 'http://127.0.0.1:9',
      clientDir: '/nonexistent',
      adminDist: '/nonexistent',
      userDist: '/nonexistent',
      handleRequest: (req, res) => res.status(200).type('text/plain').send(`ssr ${req.originalUrl}`),
      findConfiguredRedirect: createConfiguredRedirects({ apiUrl: 'http://127.0.0.1:9', timeoutMs: 300 }),
      logger: { error: () => {}, warn: (m) => warnings.push(m) },
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const res = await fetch(`http://127.0.0.1:${server.address().port}/ancienne-page`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ssr /ancienne-page');
    expect(warnings[0]).toContain('configured redirects unavailable');
  });

  it('redirects through the gateway with the API answer', async () => {
    api = await startFakeApi({
      [resolveUrl('/ancienne-page')]: { status: 200, body: { to: '/avocats/lyon', status: 301 } },
    });
    const app = createApp({
      apiUrl: api.url,
      clientDir: '/nonexistent',
      adminDist: '/nonexistent',
      userDist: '/nonexistent',
      handleRequest: (_req, res) => res.status(200).send('ssr'),
      findConfiguredRedirect: createConfiguredRedirects({ apiUrl: api.url }),
      logger: { error: () => {}, warn: () => {} },
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const res = await fetch(`http://127.0.0.1:${server.address().port}/ancienne-page?x=1`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/avocats/lyon');
  });
});

describe('gateway: private areas and the visitor address', () => {
  it('marks account and booking pages noindex and passes the visitor address to the pages', async () => {
    let seen;
    const app = createApp({
      apiUrl: 'http://127.0.0.1:9',
      clientDir: '/nonexistent',
      adminDist: '/nonexistent',
      userDist: '/nonexistent',
      handleRequest: (req, res) => {
        seen = req.headers['x-client-ip'];
        res.status(200).send('ssr');
      },
      logger: { error: () => {}, warn: () => {} },
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${server.address().port}`;
    const privatePage = await fetch(`${base}/participant/mes-rdvs`, {
      headers: { 'x-client-ip': '6.6.6.6' },
    });
    expect(privatePage.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(seen).toBe('127.0.0.1');
    expect((await fetch(`${base}/appointments/ABC123`)).headers.get('x-robots-tag')).toBe(
      'noindex, nofollow',
    );
    expect((await fetch(`${base}/avocats/lyon`)).headers.get('x-robots-tag')).toBeNull();
  });
});

// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

const PUBLIC = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
let server;
let base;
let renders = 0;

/** A stand-in for the React Router handler: a fresh nonce per render, like app/entry.server.tsx. */
function render(req, res) {
  renders += 1;
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (req.path.startsWith('/avocats/')) res.setHeader('cache-control', PUBLIC);
  if (req.path === '/avocats/ville-inconnue') res.statusCode = 404;
  if (req.path === '/avocats/sets-a-cookie') res.setHeader('set-cookie', 'attendee_token=x; HttpOnly');
  const html = `<!doctype html><title>${req.path}</title><script nonce="${nonce}">1</script>`;
  res.setHeader('content-length', Buffer.byteLength(html));
  res.end(html);
}

beforeAll(async () => {
  const app = createApp({
    apiUrl: 'http://127.0.0.1:9',
    clientDir: '/nonexistent',
    adminDist: '/nonexistent',
    userDist: '/nonexistent',
    handleRequest: render,
    logger: { error: () => {}, warn: () => {} },
  });
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('gateway: HTTP caching of the pages', () => {
  it('lets shared caches keep an anonymous public page, with an ETag that ignores the per-render nonce', async () => {
    const first = await fetch(`${base}/avocats/lyon`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(PUBLIC);
    expect(first.headers.get('vary')).toContain('Cookie');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const second = await fetch(`${base}/avocats/lyon`);
    expect(second.headers.get('content-security-policy')).not.toBe(
      first.headers.get('content-security-policy'),
    );
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toContain('<title>/avocats/lyon</title>');
  });

  it('answers 304 to a revalidation, without a new Content-Security-Policy (the stored page keeps its nonce)', async () => {
    const etag = (await fetch(`${base}/avocats/lyon`)).headers.get('etag');
    const before = renders;
    const revalidated = await fetch(`${base}/avocats/lyon`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
    expect(renders).toBe(before + 1);
    const changed = await fetch(`${base}/avocats/paris`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });

  it('never lets a shared cache keep a page asked for with a cookie', async () => {
    const res = await fetch(`${base}/avocats/lyon`, { headers: { cookie: 'attendee_token=abc' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.text()).toContain('<title>/avocats/lyon</title>');
  });

  it('never lets a shared cache keep a page that sets a cookie', async () => {
    const res = await fetch(`${base}/avocats/sets-a-cookie`);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('set-cookie')).toContain('attendee_token');
  });

  it('keeps no error page in caches', async () => {
    const res = await fetch(`${base}/avocats/ville-inconnue`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('adds nothing to a page whose route declares no public cache', async () => {
    const res = await fetch(`${base}/participant/mes-rdvs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('gateway: micro-cache of the anonymous pages (WEB_PAGE_CACHE_SECONDS)', () => {
  let cached;
  let cachedBase;
  let clock = 0;
  beforeAll(async () => {
    const express = (await import('express')).default;
    const { pageCache } = await import('./page-cache.js');
    const app = express();
    app.use(pageCache({ ttlMs: 5_000, now: () => clock }));
    app.use(render);
    cached = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    cachedBase = `http://127.0.0.1:${cached.address().port}`;
  });
  afterAll(async () => {
    cached.closeAllConnections();
    await new Promise((resolve) => cached.close(resolve));
  });

  const nonceOf = (res) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy'))[1];

  it('renders an anonymous public page once, and sends each hit with a new nonce in the page and its policy', async () => {
    const before = renders;
    const first = await fetch(`${cachedBase}/avocats/brest`);
    const firstHtml = await first.text();
    const second = await fetch(`${cachedBase}/avocats/brest`);
    const secondHtml = await second.text();
    expect(renders).toBe(before + 1);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(secondHtml).toContain(`nonce="${nonceOf(second)}"`);
    expect(secondHtml).not.toContain(nonceOf(first));
    expect(secondHtml.replace(nonceOf(second), '')).toBe(firstHtml.replace(nonceOf(first), ''));
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const revalidated = await fetch(`${cachedBase}/avocats/brest`, {
      headers: { 'if-none-match': first.headers.get('etag') },
    });
    expect(revalidated.status).toBe(304);
  });

  it('renders again once the entry is older than the time to live', async () => {
    await (await fetch(`${cachedBase}/avocats/quimper`)).text();
    const before = renders;
    clock += 5_001;
    const later = await fetch(`${cachedBase}/avocats/quimper`);
    await later.text();
    expect(renders).toBe(before + 1);
    expect(later.headers.get('x-page-cache')).toBeNull();
  });

  it('never serves a request with a cookie from it, nor keeps pages that are not public', async () => {
    await (await fetch(`${cachedBase}/avocats/morlaix`)).text();
    const before = renders;
    const withCookie = await fetch(`${cachedBase}/avocats/morlaix`, {
      headers: { cookie: 'attendee_token=abc' },
    });
    await withCookie.text();
    expect(withCookie.headers.get('x-page-cache')).toBeNull();
    await (await fetch(`${cachedBase}/participant/mes-rdvs`)).text();
    await (await fetch(`${cachedBase}/participant/mes-rdvs`)).text();
    expect(renders).toBe(before + 3);
  });
});

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

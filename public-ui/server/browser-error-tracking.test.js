// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { browserErrorTracking } from './browser-error-tracking.js';

describe('browser error tracking settings (SENTRY_BROWSER_DSN)', () => {
  it('is off without a DSN, and with one that is not an http(s) URL', () => {
    expect(browserErrorTracking({})).toBeNull();
    expect(browserErrorTracking({ SENTRY_BROWSER_DSN: '  ' })).toBeNull();
    expect(browserErrorTracking({ SENTRY_BROWSER_DSN: 'pas une adresse' })).toBeNull();
    expect(browserErrorTracking({ SENTRY_BROWSER_DSN: 'javascript:alert(1)' })).toBeNull();
    // The SDK refuses these (a key with a hyphen, no project): the pages would log "Invalid Sentry Dsn".
    expect(
      browserErrorTracking({ SENTRY_BROWSER_DSN: 'https://cle-publique@errors.example.fr/4' }),
    ).toBeNull();
    expect(browserErrorTracking({ SENTRY_BROWSER_DSN: 'https://cle@errors.example.fr/' })).toBeNull();
  });

  it('gives the settings and the origin the pages must be allowed to send to', () => {
    expect(
      browserErrorTracking({
        SENTRY_BROWSER_DSN: 'https://cle@errors.example.fr/4',
        SENTRY_ENVIRONMENT: 'production',
        SENTRY_RELEASE: 'v12',
      }),
    ).toEqual({
      settings: { dsn: 'https://cle@errors.example.fr/4', environment: 'production', release: 'v12' },
      origin: 'https://errors.example.fr',
    });
  });
});

describe('gateway: the SPAs with browser error tracking on', () => {
  let dir;
  let server;
  let base;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gateway-errors-'));
    const userDist = path.join(dir, 'user-dist');
    mkdirSync(userDist, { recursive: true });
    writeFileSync(
      path.join(userDist, 'index.html'),
      '<!doctype html><html><head><title>pro</title></head></html>',
    );
    const app = createApp({
      apiUrl: 'http://127.0.0.1:9',
      clientDir: path.join(dir, 'client'),
      adminDist: path.join(dir, 'admin-not-built'),
      userDist,
      handleRequest: (_req, res) => res.status(200).send('ssr'),
      logger: { error: () => {}, warn: () => {} },
      browserErrorTracking: browserErrorTracking({
        SENTRY_BROWSER_DSN: 'https://cle@errors.example.fr/4',
        SENTRY_ENVIRONMENT: 'production',
      }),
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts the settings in the page and lets it send to the DSN’s origin, nowhere else', async () => {
    const res = await fetch(`${base}/user/agenda`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<meta name="rdv-error-tracking" content="{&quot;dsn&quot;:&quot;https://cle@errors.example.fr/4&quot;,&quot;environment&quot;:&quot;production&quot;}"></head>',
    );
    const policy = res.headers.get('content-security-policy');
    expect(policy).toContain("connect-src 'self' https://errors.example.fr;");
    expect(policy).toContain("script-src 'self';");
  });
});

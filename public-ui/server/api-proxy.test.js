// @vitest-environment node
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { parseApiOrigins } from './api-proxy.js';

/** A stand-in API that names itself in its answers and records the client port of each request. */
async function startNamedApi(name) {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, port: req.socket.remotePort });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ api: name }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, seen, server };
}

const started = [];
async function startGateway(apiUrl) {
  const app = createApp({
    apiUrl,
    clientDir: '/nonexistent',
    adminDist: '/nonexistent',
    userDist: '/nonexistent',
    handleRequest: (_req, res) => res.end('page'),
    logger: { error: () => {}, warn: () => {} },
  });
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  started.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}

let a;
let b;
beforeAll(async () => {
  a = await startNamedApi('a');
  b = await startNamedApi('b');
});
afterAll(async () => {
  for (const server of started) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const api of [a, b]) {
    api.server.closeAllConnections();
    await new Promise((resolve) => api.server.close(resolve));
  }
});

const apiOf = async (base, path = '/api/v1/health') => (await (await fetch(`${base}${path}`)).json()).api;

describe('gateway: API_URL with several origins', () => {
  it('sends the API calls to each origin in turn', async () => {
    const base = await startGateway(`${a.url}, ${b.url}`);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await apiOf(base, `/api/v1/search?i=${i}`));
    expect(answers).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(a.seen.slice(-3).map((r) => r.url)).toEqual([
      '/api/v1/search?i=0',
      '/api/v1/search?i=2',
      '/api/v1/search?i=4',
    ]);
  });

  it('keeps the connections to the API alive: successive calls reuse one socket', async () => {
    const base = await startGateway(a.url);
    const before = a.seen.length;
    for (let i = 0; i < 5; i += 1) await apiOf(base);
    const ports = new Set(a.seen.slice(before).map((r) => r.port));
    expect(a.seen.length - before).toBe(5);
    expect(ports.size).toBe(1);
  });

  it('serves a read from the next origin when one refuses connections', async () => {
    const base = await startGateway(`http://127.0.0.1:9,${b.url}`);
    expect([await apiOf(base), await apiOf(base), await apiOf(base)]).toEqual(['b', 'b', 'b']);
  });

  it('answers 502 in the API error shape when no origin answers', async () => {
    const base = await startGateway('http://127.0.0.1:9,http://127.0.0.1:7');
    const res = await fetch(`${base}/api/v1/health`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'API_UNAVAILABLE' });
  });
});

describe('parseApiOrigins', () => {
  it('reads one origin or a comma-separated list, trailing slashes dropped', () => {
    expect(parseApiOrigins(undefined)).toEqual(['http://127.0.0.1:3001']);
    expect(parseApiOrigins('http://api-1:3001/, http://api-2:3001')).toEqual([
      'http://api-1:3001',
      'http://api-2:3001',
    ]);
  });

  it('refuses an entry that is not an http(s) URL, naming it', () => {
    expect(() => parseApiOrigins('http://api-1:3001,api-2')).toThrow('(got "api-2")');
    expect(() => parseApiOrigins('ftp://api:21')).toThrow('API_URL must be http(s) URLs');
  });

  it('stops the gateway at start-up with one line naming API_URL', () => {
    const run = spawnSync(process.execPath, [fileURLToPath(new URL('./index.js', import.meta.url))], {
      env: { ...process.env, SECTOR: 'lawyer', API_URL: 'http://127.0.0.1:3001,not a url' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      '[gateway] API_URL must be a URL or a comma-separated list of URLs (got "not a url")',
    );
  });
});

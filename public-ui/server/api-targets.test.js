// @vitest-environment node
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiOrigins } from './api-proxy.js';
import { createApiTargets } from './api-targets.js';
import { createApp } from './app.js';

/** A fake API replica answering its name, and 200 or 503 on /api/v1/health/ready. */
async function startReplica(name) {
  const replica = { name, ready: true, served: 0 };
  replica.server = createServer((req, res) => {
    if (req.url === '/api/v1/health/ready') {
      res.writeHead(replica.ready ? 200 : 503, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: replica.ready ? 'ok' : 'error' }));
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      replica.served += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ replica: name, body }));
    });
  });
  await new Promise((resolve) => replica.server.listen(0, '127.0.0.1', resolve));
  replica.url = `http://127.0.0.1:${replica.server.address().port}`;
  return replica;
}

describe('API_URL with several API replicas', () => {
  let a;
  let b;
  let targets;
  let gateway;
  let base;
  const errors = [];
  const ask = async () => {
    const res = await fetch(`${base}/api/v1/who`, { method: 'POST', body: 'x=1' });
    return res.status === 200 ? (await res.json()).replica : res.status;
  };

  beforeAll(async () => {
    a = await startReplica('a');
    b = await startReplica('b');
    targets = createApiTargets(parseApiOrigins(`${a.url}, ${b.url}/`));
    const app = createApp({
      apiUrl: `${a.url},${b.url}`,
      apiTargets: targets,
      clientDir: '/nonexistent',
      adminDist: '/nonexistent',
      userDist: '/nonexistent',
      handleRequest: (_req, res) => res.status(200).send('ssr'),
      logger: { error: (message) => errors.push(message), warn: () => {} },
    });
    gateway = await new Promise((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    base = `http://127.0.0.1:${gateway.address().port}`;
  });

  afterAll(async () => {
    targets.stop();
    await new Promise((resolve) => gateway.close(resolve));
    for (const replica of [a, b])
      if (replica.server.listening) await new Promise((r) => replica.server.close(r));
  });

  it('sends requests to the replicas in turn, body and all', async () => {
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await ask());
    expect(seen.filter((r) => r === 'a')).toHaveLength(3);
    expect(seen.filter((r) => r === 'b')).toHaveLength(3);
    expect(seen.slice(0, 2).sort()).toEqual(['a', 'b']);
  });

  it('a replica that is not ready (draining before a shutdown) gets no request until it is ready again', async () => {
    b.ready = false;
    await targets.checkNow();
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await ask());
    expect(seen).toEqual(['a', 'a', 'a', 'a']);
    b.ready = true;
    await targets.checkNow();
    const after = [];
    for (let i = 0; i < 4; i++) after.push(await ask());
    expect(after.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('a stopped replica: at most one request answered 502, then every request goes to the other', async () => {
    await new Promise((resolve) => a.server.close(resolve));
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await ask());
    expect(seen.filter((r) => r === 502).length).toBeLessThanOrEqual(1);
    expect(seen.filter((r) => r === 'b').length).toBeGreaterThanOrEqual(5);
    expect(targets.isReady(a.url)).toBe(false);
  });
});

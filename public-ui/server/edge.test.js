// @vitest-environment node
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi } from '../app/fake-api.test-helper';
import { API_MAX_BODY_BYTES, createApp, SPA_CONTENT_SECURITY_POLICY } from './app.js';

let api;
let dir;
const servers = [];

/** A gateway on a random loopback port; the test client connects from 127.0.0.1. */
async function startGateway(options = {}) {
  const app = createApp({
    apiUrl: api.url,
    clientDir: path.join(dir, 'client'),
    adminDist: path.join(dir, 'spa'),
    userDist: path.join(dir, 'spa'),
    handleRequest: (req, res) =>
      res
        .status(200)
        .json({ clientIp: req.headers['x-client-ip'], forwardedFor: req.headers['x-forwarded-for'] }),
    logger: { error: () => {}, warn: () => {} },
    ...options,
  });
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}

beforeAll(async () => {
  api = await startFakeApi({
    'GET *': { status: 200, body: { ok: true } },
    'POST *': { status: 201, body: {} },
  });
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-edge-'));
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  mkdirSync(path.join(dir, 'spa'), { recursive: true });
  writeFileSync(path.join(dir, 'spa', 'index.html'), '<!doctype html><title>spa</title>');
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const spoofed = {
  'x-forwarded-for': '6.6.6.6',
  forwarded: 'for=7.7.7.7;proto=https',
  'x-real-ip': '8.8.8.8',
  'x-client-ip': '9.9.9.9',
  'x-forwarded-proto': 'https',
};

describe('gateway: the edge decides the client address', () => {
  it('drops client-sent X-Forwarded-For, Forwarded, X-Real-IP and sends the socket address to the API', async () => {
    const base = await startGateway();
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { ...spoofed, 'x-forwarded-for': `10.0.0.${i}`, 'content-type': 'application/json' },
        body: '{}',
      });
    }
    const seen = api.requests.slice(-3).map((request) => request.headers);
    for (const headers of seen) {
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers.forwarded).toBeUndefined();
      expect(headers['x-real-ip']).toBeUndefined();
      expect(headers['x-client-ip']).toBe('127.0.0.1');
    }
  });

  it('gives the pages the socket address, not a client-sent one', async () => {
    const base = await startGateway();
    const answer = await (await fetch(`${base}/avocats`, { headers: spoofed })).json();
    expect(answer).toEqual({ clientIp: '127.0.0.1', forwardedFor: '127.0.0.1' });
  });

  it('believes X-Forwarded-For only from a configured proxy in front of it (WEB_TRUSTED_PROXIES)', async () => {
    const base = await startGateway({ trustedProxies: ['127.0.0.1'] });
    await fetch(`${base}/api/v1/specialities`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(api.requests.at(-1).headers['x-forwarded-for']).toBe('203.0.113.9');
  });
});

describe('gateway: HSTS', () => {
  it('is not sent over plain http, even when an untrusted client claims https', async () => {
    const base = await startGateway();
    const res = await fetch(`${base}/avocats`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    const base = await startGateway({ trustedProxies: ['127.0.0.1'] });
    const res = await fetch(`${base}/avocats`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('is sent on every answer when configured (WEB_HSTS=true)', async () => {
    const base = await startGateway({ hsts: true });
    const res = await fetch(`${base}/user/connexion`);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });
});

describe('gateway: Content-Security-Policy of the SPAs', () => {
  it('serves /user/* and /admin/* with a policy that allows no inline or foreign script', async () => {
    const base = await startGateway();
    for (const area of ['/user/connexion', '/admin/login']) {
      const res = await fetch(`${base}${area}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(SPA_CONTENT_SECURITY_POLICY);
    }
    expect(SPA_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(SPA_CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });
});

describe('gateway: request bodies over the API limit', () => {
  /** Sends `bytes` bytes to the gateway (chunked when `chunked`), resolves with status and JSON body. */
  function upload(base, bytes, { chunked = false } = {}) {
    return new Promise((resolve, reject) => {
      const url = new URL(`${base}/api/v1/users/1/picture`);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': bytes }) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const writeMore = () => {
        while (sent < bytes) {
          sent += chunk.length;
          if (!request.write(chunk)) return request.once('drain', writeMore);
        }
        request.end();
      };
      // A server that has answered may close the socket while we still write: that is fine here.
      request.on('error', () => {});
      writeMore();
    });
  }

  const tooLarge = {
    statusCode: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'La requête est trop volumineuse (10 Mo au maximum).',
  };

  it('answers 413 with a French JSON error for a 50 MB upload, and forwards nothing', async () => {
    const base = await startGateway();
    const before = api.requests.length;
    const answer = await upload(base, 50 * 1024 * 1024);
    expect(answer).toEqual({ status: 413, body: tooLarge });
    expect(api.requests.length).toBe(before);
  });

  it('answers 413, not 502, for a body of undeclared length past the limit', async () => {
    const base = await startGateway();
    const answer = await upload(base, API_MAX_BODY_BYTES + 2 * 1024 * 1024, { chunked: true });
    expect(answer).toEqual({ status: 413, body: tooLarge });
  });

  it('still forwards a body within the limit', async () => {
    const base = await startGateway();
    const answer = await upload(base, 2 * 1024 * 1024);
    expect(answer.status).toBe(201);
  });
});

// The simplest Node reverse proxy (goal 2's floor): node:http in front, an undici keep-alive pool to
// the API behind (the gateway's settings), the answer streamed back, hop-by-hop headers dropped and nothing else:
// no forwarding headers, no security headers, no body limit, no retry, no compression.
// What any Node proxy in front of the API costs on this machine; `perf/run.mjs` measures the gateway beside it.
// Env: PORT, API_URL (one origin).
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { Pool } = createRequire(join(root, 'public-ui/package.json'))('undici');

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const pool = new Pool(process.env.API_URL, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

http
  .createServer((req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    pool.stream(
      { path: req.url, method: req.method, headers, body: req.method === 'GET' ? null : req, opaque: res },
      ({ statusCode, headers: answer, opaque }) => {
        const out = {};
        for (const [name, value] of Object.entries(answer)) if (!HOP_BY_HOP.has(name)) out[name] = value;
        opaque.writeHead(statusCode, out);
        return opaque;
      },
      (error) => {
        if (!error) return;
        if (!res.headersSent) res.writeHead(502);
        res.end();
      },
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');

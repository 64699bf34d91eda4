// Side-by-side A/B of the API's V8 flags (the table in reports/performance-analysis.md).
// One API process per flag set, on the database `npm run bench` seeded (rdv_bench_perf, 5,000 professionals), each
// measured in turn every round: health at 10 connections, then search and a profile at 8; req/s, p97.5 and VmRSS.
// Usage: FLAGS_1="--max-semi-space-size=2" FLAGS_2="--max-semi-space-size=2 --max-old-space-size=256" \
//          node bench/perf/heap-flags.mjs [--rounds=3] [--seconds=6]
// Ports 3450 and up (one per flag set). Prints its figures; writes nothing.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabaseUrl } from '../lib/database.mjs';
import { residentMb, stopChild } from '../lib/processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'backend/package.json'));
const autocannon = require(join(root, 'node_modules/autocannon'));
const args = process.argv.slice(2);
const option = (name, fallback) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = option('rounds', 3);
const SECONDS = option('seconds', 6);
const flagSets = Object.keys(process.env)
  .filter((key) => /^FLAGS_\d+$/.test(key))
  .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
  .map((key) => process.env[key].split(/\s+/).filter(Boolean));
if (flagSets.length === 0) throw new Error('set FLAGS_1, FLAGS_2, ...: the flag sets to compare');

const env = {
  ...process.env,
  NODE_ENV: 'production',
  MALLOC_ARENA_MAX: '2',
  CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL: benchDatabaseUrl(process.env.BENCH_DB_NAME || 'rdv_bench_perf'),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'info',
  QUEUE_PREFIX: 'bench-heap-flags',
  SECTOR: 'lawyer',
  TRUSTED_PROXIES: '127.0.0.1',
  SMTP_URL: 'smtp://127.0.0.1:3499',
  MEDIA_DIR: join(root, 'var/bench/heap-flags/media'),
  DOCUMENTS_DIR: join(root, 'var/bench/heap-flags/documents'),
  ANTIVIRUS: 'none',
  API_DOCS_ENABLED: 'false',
};
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

async function startApi(port, flags) {
  const child = spawn(process.execPath, [...flags, join(root, 'backend/dist/src/main.js')], {
    env: { ...env, PORT: String(port) },
    cwd: join(root, 'backend'),
    stdio: 'ignore',
  });
  children.add(child);
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API with ${flags.join(' ')} did not start`);
}

const searchPaths = ['paris', 'marseille', 'lyon']
  .map((city) => `/api/v1/search?cityUri=${city}&page=1&perPage=20`)
  .concat('/api/v1/professionals/bench-310');
const load = (port, paths, connections, seconds) => {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
};

const apis = [];
for (const [i, flags] of flagSets.entries())
  apis.push({ port: 3450 + i, flags, child: await startApi(3450 + i, flags) });
for (const api of apis) {
  await load(api.port, ['/api/v1/health'], 10, 2); // warm-up
  await load(api.port, searchPaths, 8, 2);
}
for (let round = 1; round <= ROUNDS; round++) {
  for (const api of apis) {
    const health = await load(api.port, ['/api/v1/health'], 10, SECONDS);
    const search = await load(api.port, searchPaths, 8, SECONDS);
    console.log(
      `round ${round} [${api.flags.join(' ') || 'Node defaults'}] health ${Math.round(health.requests.average)} req/s; ` +
        `search ${Math.round(search.requests.average)} req/s, p97.5 ${search.latency.p97_5} ms; RSS ${residentMb(api.child)} MB`,
    );
  }
}
for (const api of apis) await stopChild(api.child, children);

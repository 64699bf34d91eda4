// Server time of the server-rendered city listing pages (HTML), through the one-origin gateway.
//
// Starts the built API (backend/dist) and gateway (public-ui/server) on the database left by
// `node bench/directory/search.bench.mjs --keep` (5,000 professionals), sends requests one at a
// time from this process for DURATION seconds per page and reports p50/p95/p99 of the full HTML
// response time, written to bench/reports/listing-page.md with --write.
// Run from the repo root after `npm run build:all`:
//   node bench/directory/search.bench.mjs --keep && node bench/directory/listing-page.bench.mjs --write
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, round } from '../lib/stats.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Set(process.argv.slice(2));
const DURATION = Number([...args].find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 8);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rdv_bench_directory';
const API_PORT = 3196;
const WEB_PORT = 3197;
const base = `http://127.0.0.1:${WEB_PORT}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  // Required in production (env.schema): a throwaway key, the bench connects no calendar.
  CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'warn',
  PORT: String(API_PORT),
  QUEUE_PREFIX: 'bench-listing',
  SECTOR: 'lawyer',
  API_URL: `http://127.0.0.1:${API_PORT}`,
  WEB_PORT: String(WEB_PORT),
  PUBLIC_URL: base,
};

const children = [
  spawn(process.execPath, [join(root, 'backend/dist/src/main.js')], { env, stdio: 'ignore' }),
  spawn(process.execPath, [join(root, 'public-ui/server/index.js')], { env, stdio: 'ignore' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('exit', stop);

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the API or the gateway did not start');
}

async function measure(path) {
  const times = [];
  const until = Date.now() + DURATION * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`);
    const html = await response.text();
    if (!response.ok || !html.includes('pro-card')) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return {
    path,
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

await waitReady();
const grouped = await (await fetch(`${base}/api/v1/cities?withProfessionals=true`)).json();
const biggest = grouped.flatMap((g) => g.cities).sort((a, b) => b.count - a.count);
const city = biggest[0];
const search = await (await fetch(`${base}/api/v1/search?cityUri=${city.cityUri}&perPage=1`)).json();
const speciality = search.items[0].specialities[0].slug;
const pages = [
  `/avocats/${city.cityUri}`,
  `/avocats/${city.cityUri}/${speciality}`,
  `/avocats/${city.cityUri}?page=3`,
  `/avocats/${biggest[20].cityUri}`,
];
for (const path of pages) await measure(path); // warm-up pass (JIT, caches)
const rows = [];
for (const path of pages) rows.push(await measure(path));
stop();

const table = rows
  .map((r) => `| \`${r.path}\` | ${r.n} | ${round(r.p50)} | **${round(r.p95)}** | ${round(r.p99)} |`)
  .join('\n');
const report = `# City listing pages: server time of the HTML

Measured ${new Date().toISOString()} with \`node bench/directory/listing-page.bench.mjs --write\`, Node ${process.version},
load average ${loadavg()
  .map((l) => l.toFixed(2))
  .join(' / ')} at the end (2 cores). Data set: 5,000 professionals
(\`search.bench.mjs --keep\`). One request at a time through the gateway (SSR + API call + next free slots), full HTML
received, ${DURATION} s per page after a warm-up pass.

Target: listing page HTML under 100 ms p95 server time.

| page | requests | p50 (ms) | p95 (ms) | p99 (ms) |
|---|---|---|---|---|
${table}
`;
console.log(report);
if (args.has('--write')) writeFileSync(join(root, 'bench/reports/listing-page.md'), report);
process.exit(0);

// `npm run bench`: every serving-path scenario measured side by side with its baseline in one run,
// on the 5,000-professional directory, and written to bench/reports/performance.md.
//
// What it does:
//  1. builds the backend and the public site when their build output is missing;
//  2. seeds its own database `rdv_bench_perf` (bench/lib/directory-seed.mjs; kept between runs, --reseed
//     to make it again);
//  3. profiling pass: the API and the gateway run with bench/perf/probe.mjs preloaded; the SQL statements of
//     one search request are recorded (the bare baseline replays them), then a mixed load (health, search,
//     pages) runs under the V8 CPU profiler and the top self-time functions go into the report;
//  4. measuring pass, on fresh processes without the probe: a bare Fastify server (bench/perf/bare-fastify.mjs),
//     the real API (backend/dist, every module, Redis) and the gateway (public-ui/server/index.js), on ports
//     3410-3412; each scenario measures each of its sides in turn with autocannon (this process), in --rounds
//     rounds (default 2), so the ratios come from measures taken seconds apart on the same machine state;
//  5. resident memory of the API and the gateway after start and after the load;
//  6. writes bench/reports/performance.md (date, load average, method, figures, ratios, goals met or not).
//
// A second gateway (port 3413) runs with WEB_PAGE_CACHE_SECONDS=5: the pages' rows show it beside the rendering one.
// Options: --duration=S (seconds per measure, default 5), --rounds=N (default 2), --reseed, --no-write.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_ADMIN_DATABASE_URL) and Redis (REDIS_URL, default 127.0.0.1:6379).
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchDatabaseUrl } from '../lib/database.mjs';
import { residentMb, stopChild } from '../lib/processes.mjs';
import { backendNodeFlags } from '../lib/node-flags.mjs';
import { percentile } from '../lib/stats.mjs';
import { summariseProfile } from './profile-summary.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(join(root, 'backend/package.json'));
const autocannon = require(join(root, 'node_modules/autocannon'));

const args = process.argv.slice(2);
const option = (name, fallback) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const DURATION = option('duration', 5);
const ROUNDS = option('rounds', 2);
// BENCH_DB_NAME and BENCH_PORT_BASE let two worktrees run the bench at once (defaults: rdv_bench_perf, 3410).
const DB_NAME = process.env.BENCH_DB_NAME || 'rdv_bench_perf';
const databaseUrl = benchDatabaseUrl(DB_NAME);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE || 3410);
const PORTS = {
  bare: PORT_BASE,
  api: PORT_BASE + 1,
  web: PORT_BASE + 2,
  cachedWeb: PORT_BASE + 3,
  bareProxy: PORT_BASE + 4,
  probeApi: PORT_BASE + 11,
  probeWeb: PORT_BASE + 12,
  smtp: PORT_BASE + 89,
};
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);
const load = () => loadavg().map((l) => l.toFixed(2));

const work = mkdtempSync(join(tmpdir(), 'rdv-bench-perf-'));
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  // As the Dockerfile sets it for every process of the image (glibc malloc arenas).
  MALLOC_ARENA_MAX: '2',
  // Required in production (env.schema): a throwaway key, the bench connects no calendar.
  CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'info',
  QUEUE_PREFIX: `bench-perf-${PORT_BASE}`,
  SECTOR: 'lawyer',
  TRUSTED_PROXIES: '127.0.0.1,::1',
  SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
  MEDIA_DIR: join(work, 'media'),
  DOCUMENTS_DIR: join(work, 'documents'),
  ANTIVIRUS: 'none',
  API_DOCS_ENABLED: 'false',
};

// ---- processes ----
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function waitFor(url, child, name) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${url}`);
}

/** Starts `node [flags] script` with `env`, resolves once `readyUrl` answers 200. Output goes to the work dir. */
async function start(name, script, env, readyUrl, flags = []) {
  const log = join(work, `${name}.log`);
  const child = spawn(process.execPath, [...flags, script], {
    env,
    cwd: join(root, 'backend'),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  children.add(child);
  try {
    await waitFor(readyUrl, child, name);
  } catch (error) {
    console.error(stderr);
    throw error;
  }
  child.log = log;
  return child;
}

const stop = (child) => stopChild(child, children);

const apiScript = join(root, 'backend/dist/src/main.js');
const webScript = join(root, 'public-ui/server/index.js');
const apiEnv = (port) => ({ ...baseEnv, PORT: String(port) });
const webEnv = (port, apiPort) => ({
  ...baseEnv,
  WEB_PORT: String(port),
  API_URL: `http://127.0.0.1:${apiPort}`,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});

// ---- load ----
/** autocannon on `url` (paths rotating), percentiles from every response time. */
async function measure(origin, paths, connections, duration = DURATION) {
  const times = [];
  let errors = 0;
  let next = 0;
  const instance = autocannon({
    url: origin,
    connections,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) errors += 1;
    times.push(responseTime);
  });
  const result = await instance;
  return {
    rps: times.length / duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

// ---- 1. build, 2. data ----
if (!existsSync(apiScript) || !existsSync(join(root, 'public-ui/build/server/index.js'))) {
  step('building the backend and the public site');
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'backend', 'public-ui'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}

const { Client } = require('pg');
async function dataSet() {
  const db = new Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const { rows } = await db.query(`
      SELECT c.city_uri, count(*)::int AS n FROM users u JOIN cities c ON c.id = u.city_id
      WHERE u.username LIKE 'bench-%' AND u.is_public GROUP BY c.city_uri ORDER BY n DESC LIMIT 1`);
    if (rows.length === 0) return null;
    const total = await db.query(
      `SELECT count(*)::int AS n FROM users WHERE username LIKE 'bench-%' AND is_public`,
    );
    const pro = await db.query(
      `SELECT u.user_uri, t.team_uri FROM users u JOIN cities c ON c.id = u.city_id JOIN teams t ON t.id = u.team_id
       WHERE c.city_uri = $1 AND u.accepts_online_booking ORDER BY u.id LIMIT 1`,
      [rows[0].city_uri],
    );
    return { city: rows[0], professionals: total.rows[0].n, ...pro.rows[0] };
  } catch {
    return null;
  } finally {
    await db.end().catch(() => undefined);
  }
}

let data = args.includes('--reseed') ? null : await dataSet();
if (!data || data.professionals !== 5000) {
  const { seedDirectory } = await import('../lib/directory-seed.mjs');
  await seedDirectory({ databaseUrl, professionals: 5000, step });
  data = await dataSet();
}
step(`data set: ${data.professionals} professionals, biggest city ${data.city.city_uri} (${data.city.n})`);

const city = data.city.city_uri;
/** The API call of each page, as its loader sends it (public-ui/app/routes/*.tsx). */
const searchPath = `/api/v1/search?cityUri=${city}&page=1&perPage=20`;
const pages = [
  // The listing asks for its cards without their slots: the browser asks for those once the page is live.
  { name: 'city listing', page: `/avocats/${city}`, api: `${searchPath}&withSlots=false` },
  { name: 'profile', page: `/avocat/${data.user_uri}`, api: `/api/v1/professionals/${data.user_uri}` },
  { name: 'office', page: `/etude/${data.team_uri}`, api: `/api/v1/teams/${data.team_uri}` },
  // The home page's one uncached call (specialities and cities are reference data cached in the gateway).
  { name: 'home', page: '/', api: '/api/v1/geo/nearest-city' },
];

// ---- 3. profiling pass ----
step('profiling pass: API and gateway with the probe (SQL record, CPU profile)');
const probe = ['--import', pathToFileURL(join(here, 'probe.mjs')).href];
const probeDir = join(work, 'probe');
mkdirSync(probeDir);
const probeApi = await start(
  'probe-api',
  apiScript,
  { ...apiEnv(PORTS.probeApi), BENCH_PROBE_DIR: probeDir, BENCH_PROBE_NAME: 'api' },
  `http://127.0.0.1:${PORTS.probeApi}/api/v1/health`,
  [...backendNodeFlags(), ...probe],
);
const probeWeb = await start(
  'probe-web',
  webScript,
  { ...webEnv(PORTS.probeWeb, PORTS.probeApi), BENCH_PROBE_DIR: probeDir, BENCH_PROBE_NAME: 'web' },
  `http://127.0.0.1:${PORTS.probeWeb}/api/v1/health`,
  probe,
);
const probeApiUrl = `http://127.0.0.1:${PORTS.probeApi}`;
const probeWebUrl = `http://127.0.0.1:${PORTS.probeWeb}`;
for (const p of pages) {
  await measure(probeWebUrl, [p.page], 2, 1);
  await measure(probeApiUrl, [p.api], 2, 1);
}

async function toggleProbe(child, name, expect) {
  const file = join(probeDir, `${name}.${expect}`);
  rmSync(file, { force: true });
  child.kill('SIGWINCH');
  for (let i = 0; i < 200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  return file;
}
// The SQL of one search request, the memoised city lookups already warm.
probeApi.kill('SIGWINCH');
await new Promise((r) => setTimeout(r, 300));
await (await fetch(`${probeApiUrl}${searchPath}`)).arrayBuffer();
const sqlFile = join(work, 'search.sql.json');
writeFileSync(sqlFile, readFileSync(await toggleProbe(probeApi, 'api', 'sql.json')));
const recorded = JSON.parse(readFileSync(sqlFile, 'utf8'));
step(`recorded ${recorded.length} SQL statements for ${searchPath}`);

// The profiled load: what the measuring pass sends, in the same proportions.
probeApi.kill('SIGWINCH');
probeWeb.kill('SIGWINCH');
await new Promise((r) => setTimeout(r, 300));
const profileSeconds = Math.max(3, DURATION);
await measure(probeApiUrl, ['/api/v1/health'], 10, profileSeconds);
await measure(probeApiUrl, [searchPath], 8, profileSeconds);
await measure(probeWebUrl, ['/api/v1/health'], 10, profileSeconds);
await measure(
  probeWebUrl,
  pages.map((p) => p.page),
  8,
  profileSeconds,
);
// The raw profiles are kept in var/bench/ (not committed): open them in Chrome DevTools or speedscope.
const profilesDir = join(root, 'var/bench');
mkdirSync(profilesDir, { recursive: true });
const profileOf = async (child, name) => {
  const file = join(profilesDir, `${name}.cpuprofile`);
  copyFileSync(await toggleProbe(child, name, 'cpuprofile'), file);
  return summariseProfile(JSON.parse(readFileSync(file, 'utf8')));
};
const apiProfile = await profileOf(probeApi, 'api');
const webProfile = await profileOf(probeWeb, 'web');
await stop(probeWeb);
await stop(probeApi);

// ---- 4. measuring pass ----
step('measuring pass: bare Fastify, API, gateway');
const bare = await start(
  'bare',
  join(here, 'bare-fastify.mjs'),
  { ...baseEnv, PORT: String(PORTS.bare), BENCH_SQL_FILE: sqlFile },
  `http://127.0.0.1:${PORTS.bare}/api/v1/health`,
);
const api = await start(
  'api',
  apiScript,
  apiEnv(PORTS.api),
  `http://127.0.0.1:${PORTS.api}/api/v1/health/ready`,
  backendNodeFlags(), // as production starts it (backend/package.json, deploy/)
);
const memoryAfterStart = { api: residentMb(api) };
const web = await start(
  'web',
  webScript,
  webEnv(PORTS.web, PORTS.api),
  `http://127.0.0.1:${PORTS.web}/api/v1/health`,
);
memoryAfterStart.web = residentMb(web);
// The same gateway with its micro-cache on (WEB_PAGE_CACHE_SECONDS): what repeated anonymous reads cost.
const cachedWeb = await start(
  'cached-web',
  webScript,
  { ...webEnv(PORTS.cachedWeb, PORTS.api), WEB_PAGE_CACHE_SECONDS: '5' },
  `http://127.0.0.1:${PORTS.cachedWeb}/api/v1/health`,
);
// The simplest Node proxy in front of the same API (bench/perf/bare-proxy.mjs): goal 2's floor on this machine.
const bareProxy = await start(
  'bare-proxy',
  join(here, 'bare-proxy.mjs'),
  { ...baseEnv, PORT: String(PORTS.bareProxy), API_URL: `http://127.0.0.1:${PORTS.api}` },
  `http://127.0.0.1:${PORTS.bareProxy}/api/v1/health`,
);
const origin = {
  bare: `http://127.0.0.1:${PORTS.bare}`,
  bareProxy: `http://127.0.0.1:${PORTS.bareProxy}`,
  api: `http://127.0.0.1:${PORTS.api}`,
  web: `http://127.0.0.1:${PORTS.web}`,
  cachedWeb: `http://127.0.0.1:${PORTS.cachedWeb}`,
};
const loadAtStart = load();

/** Each scenario: sides measured in turn, each round; `conns` concurrent connections. */
const scenarios = [
  {
    key: 'health',
    title: '`GET /api/v1/health`',
    conns: 10,
    sides: [
      ['bare Fastify', origin.bare, ['/api/v1/health']],
      ['API (Nest)', origin.api, ['/api/v1/health']],
      ['through the gateway', origin.web, ['/api/v1/health']],
      ['through a bare Node proxy (node:http + undici)', origin.bareProxy, ['/api/v1/health']],
    ],
  },
  {
    key: 'search',
    title: `\`${searchPath}\` (with next free slots)`,
    conns: 8,
    sides: [
      ['bare Fastify, same SQL, same pool', origin.bare, [searchPath]],
      ['API (Nest)', origin.api, [searchPath]],
      ['through the gateway', origin.web, [searchPath]],
    ],
  },
  ...pages.flatMap((p) => [
    {
      key: `page:${p.name}`,
      title: `${p.name}: \`${p.page}\` vs its API call \`${p.api}\``,
      conns: 8,
      sides: [
        ['API call, direct', origin.api, [p.api]],
        ['page (SSR through the gateway)', origin.web, [p.page]],
        ['page, gateway micro-cache 5 s', origin.cachedWeb, [p.page]],
      ],
    },
    {
      key: `page1:${p.name}`,
      title: `${p.name}, one connection (server time)`,
      conns: 1,
      sides: [
        ['API call, direct', origin.api, [p.api]],
        ['page (SSR through the gateway)', origin.web, [p.page]],
      ],
    },
  ]),
];

for (const s of scenarios) for (const [, o, paths] of s.sides) await measure(o, paths, s.conns, 1); // warm-up
const results = new Map();
for (let round = 1; round <= ROUNDS; round++) {
  for (const s of scenarios) {
    for (const [label, o, paths] of s.sides) {
      const r = await measure(o, paths, s.conns);
      const key = `${s.key}|${label}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push(r);
      step(
        `round ${round} ${s.key} / ${label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms`,
      );
    }
  }
}
const memoryAfterLoad = { api: residentMb(api), web: residentMb(web) };

// Goal 4, checked on the running stack: what a shared cache is told, anonymous and with a cookie.
const listing = `${origin.web}${pages[0].page}`;
const anonymous = await fetch(listing);
await anonymous.arrayBuffer();
const revalidated = await fetch(listing, {
  headers: { 'if-none-match': anonymous.headers.get('etag') ?? '' },
});
await revalidated.arrayBuffer();
const withCookie = await fetch(listing, { headers: { cookie: 'attendee_token=x' } });
await withCookie.arrayBuffer();
const apiRead = await fetch(`${origin.web}${searchPath}`);
await apiRead.arrayBuffer();
const apiRevalidated = await fetch(`${origin.web}${searchPath}`, {
  headers: { 'if-none-match': apiRead.headers.get('etag') ?? '' },
});
await apiRevalidated.arrayBuffer();
const caching = [
  ['listing page, anonymous', anonymous],
  ['listing page, revalidated with its ETag', revalidated],
  ['listing page, with a cookie', withCookie],
  ['search API through the gateway', apiRead],
  ['search API, revalidated with its ETag', apiRevalidated],
].map(
  ([what, r]) =>
    `| ${what} | ${r.status} | \`${r.headers.get('cache-control') ?? '-'}\` | ${r.headers.get('etag') ? 'yes' : 'no'} |`,
);
const loadAtEnd = load();
await stop(bareProxy);
await stop(cachedWeb);
await stop(web);
await stop(api);
await stop(bare);

// ---- 6. report ----
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const get = (scenario, label) => results.get(`${scenario}|${label}`);
/** Mean over rounds of the per-round ratio (sides of one round were measured seconds apart). */
const ratio = (scenario, top, bottom) =>
  mean(get(scenario, top).map((r, i) => r.rps / get(scenario, bottom)[i].rps));
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x) => x.toFixed(2);

const rowsOf = (s) =>
  s.sides
    .map(([label]) => {
      const rounds = get(s.key, label);
      const last = rounds.reduce((acc, r) => ({
        p50: Math.max(acc.p50, r.p50),
        p95: Math.max(acc.p95, r.p95),
        p99: Math.max(acc.p99, r.p99),
        errors: acc.errors + r.errors,
      }));
      return `| ${label} | ${rounds.map((r) => Math.round(r.rps)).join(' / ')} | ${f1(last.p50)} / ${f1(last.p95)} / ${f1(last.p99)} | ${last.errors} |`;
    })
    .join('\n');

const goals = [];
const goal = (id, what, value, target, met) => goals.push({ id, what, value, target, met });
const healthApi = ratio('health', 'API (Nest)', 'bare Fastify');
goal(1, '`/api/v1/health`: API / bare Fastify', f2(healthApi), '>= 0.7', healthApi >= 0.7);
const searchApi = ratio('search', 'API (Nest)', 'bare Fastify, same SQL, same pool');
goal(1, 'search: API / bare Fastify running the same SQL', f2(searchApi), '>= 0.5', searchApi >= 0.5);
const gwHealth = ratio('health', 'through the gateway', 'API (Nest)');
goal(2, '`/api/v1/health`: gateway / API direct', f2(gwHealth), '>= 0.7', gwHealth >= 0.7);
// Context for the row above: what the simplest Node proxy reaches in front of the same API in the same run.
const bareProxyHealth = ratio('health', 'through a bare Node proxy (node:http + undici)', 'API (Nest)');
goal(
  2,
  '`/api/v1/health`: bare Node proxy / API direct (the floor of any Node proxy here)',
  f2(bareProxyHealth),
  '(context)',
  bareProxyHealth >= 0.7,
);
const gwVsBareProxy = ratio(
  'health',
  'through the gateway',
  'through a bare Node proxy (node:http + undici)',
);
goal(2, '`/api/v1/health`: gateway / bare Node proxy', f2(gwVsBareProxy), '(context)', gwVsBareProxy >= 0.7);
const gwSearch = ratio('search', 'through the gateway', 'API (Nest)');
goal(2, 'search: gateway / API direct', f2(gwSearch), '>= 0.7', gwSearch >= 0.7);
for (const p of pages) {
  const r = ratio(`page:${p.name}`, 'page (SSR through the gateway)', 'API call, direct');
  goal(3, `${p.name} page / its API call (8 connections)`, f2(r), '>= 0.5', r >= 0.5);
  const cachedRatio = ratio(`page:${p.name}`, 'page, gateway micro-cache 5 s', 'API call, direct');
  goal(
    3,
    `${p.name} page with the gateway micro-cache (5 s) / its API call`,
    f2(cachedRatio),
    '(>= 0.5)',
    cachedRatio >= 0.5,
  );
  const p50 = Math.max(...get(`page1:${p.name}`, 'page (SSR through the gateway)').map((x) => x.p50));
  goal(3, `${p.name} page p50, one connection (ms)`, f1(p50), '<= 15', p50 <= 15);
}
const searchP95 = Math.max(...get('search', 'API (Nest)').map((r) => r.p95));
goal(6, 'search with next slots p95, 8 connections (ms)', f1(searchP95), '<= 30', searchP95 <= 30);
const listingP95 = Math.max(...get('page:city listing', 'page (SSR through the gateway)').map((r) => r.p95));
goal(6, 'listing page p95, 8 connections (ms)', f1(listingP95), '<= 60', listingP95 <= 60);
for (const [name, rss] of Object.entries(memoryAfterLoad))
  goal(
    7,
    `${name === 'api' ? 'API' : 'gateway'} resident memory after the load (MB)`,
    rss,
    '< 200',
    rss < 200,
  );

const profileTable = (summary) =>
  [
    '| self time | % | function | where |',
    '|---|---|---|---|',
    ...summary.functions
      .slice(0, 18)
      .map((fn) => `| ${fn.ms.toFixed(0)} ms | ${fn.percent.toFixed(1)} | \`${fn.name}\` | ${fn.where} |`),
    '',
    'By package (self time):',
    '',
    '| package | % |',
    '|---|---|',
    ...summary.packages.slice(0, 12).map((p) => `| ${p.name} | ${p.percent.toFixed(1)} |`),
  ].join('\n');

const report = `# Performance: the serving path side by side with its baselines

Measured ${new Date().toISOString().slice(0, 16)}Z with \`npm run bench\` (\`node bench/perf/run.mjs --duration=${DURATION} --rounds=${ROUNDS}\`),
Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}).
Load average (1 / 5 / 15 min): ${loadAtStart.join(' / ')} when the measures started, ${loadAtEnd.join(' / ')} at the end.
The machine is shared with other work (compilers, test suites): absolute figures are noisy; the ratios compare
sides measured seconds apart, in ${ROUNDS} rounds (each ratio is the mean of the per-round ratios).

## Method

- Data set: ${data.professionals.toLocaleString('en')} professionals (bench/lib/directory-seed.mjs: the 300 most populated communes, 70 %
  taking online booking with a calendar, 3 motives, weekly hours and 20 appointments), database \`${DB_NAME}\`.
- Processes: the real API (\`backend/dist/src/main.js\`, every module, Redis, \`NODE_ENV=production\`, \`LOG_LEVEL=info\`,
  \`node ${backendNodeFlags().join(' ')}\` as production starts it; every process with \`MALLOC_ARENA_MAX=2\` as the Dockerfile sets it),
  the gateway (\`public-ui/server/index.js\`: API proxy and server rendering) and a bare Fastify server
  (\`bench/perf/bare-fastify.mjs\`: no Nest, no logging, no helmet, no validation). The bare \`/api/v1/search\` replays,
  through a pool made by the API's own \`createPool\` (same size, timeouts and database), the ${recorded.length} SQL statements the API
  sent for \`${searchPath}\` (recorded by \`bench/perf/probe.mjs\`; statements that overlapped in the API run concurrently).
  Goal 2 also measures the simplest Node proxy in front of the same API (\`bench/perf/bare-proxy.mjs\`: node:http and an
  undici keep-alive pool, hop-by-hop headers dropped, nothing else): what any Node proxy costs on this machine.
- Load: autocannon in the bench process, ${DURATION} s per measure after a 1 s warm-up of every side; percentiles from every
  response time. Health at 10 connections, reads and pages at 8 (goal 6), pages also at 1 connection (server time).
- Profile: a separate pass on processes with the probe preloaded (V8 CPU profiler, the sampler of \`--cpu-prof\`,
  200 µs interval), under the same mix of requests; the measuring pass runs on fresh processes without it.

## Goals

| goal | what | measured | target | met |
|---|---|---|---|---|
${goals.map((g) => `| ${g.id} | ${g.what} | ${g.value} | ${g.target} | ${g.target === '(context)' ? '-' : g.met ? 'yes' : '**no**'} |`).join('\n')}

Resident memory (goal 7, RSS from /proc): API ${memoryAfterStart.api} MB after start, ${memoryAfterLoad.api} MB after the load;
gateway ${memoryAfterStart.web} MB after start, ${memoryAfterLoad.web} MB after the load (the worker is not started by this bench:
the worker's memory, what holds both, and goal 8 (booking throughput, commit-to-mail) are in [booking.md](booking.md), written by
\`bench/booking/booking.bench.mjs\`, which \`npm run bench\` runs next).

HTTP caching (goal 4) as the running stack answers it:

| request | status | Cache-Control | ETag |
|---|---|---|---|
${caching.join('\n')}

## Figures

${scenarios
  .map(
    (s) => `### ${s.title}, ${s.conns} connection${s.conns > 1 ? 's' : ''}

| side | req/s (round by round) | worst round p50 / p95 / p99 (ms) | non-200 |
|---|---|---|---|
${rowsOf(s)}
`,
  )
  .join('\n')}
## Where the time goes (CPU profile, self time)

### API (health, search)

${profileTable(apiProfile)}

### Gateway (proxy, pages)

${profileTable(webProfile)}
`;

console.log(`\n${report}`);
if (!args.includes('--no-write')) {
  writeFileSync(join(root, 'bench/reports/performance.md'), report);
  step('written to bench/reports/performance.md');
}
process.exit(0);

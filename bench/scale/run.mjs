// The scale step of `npm run bench`: the serving scenarios and the periodic jobs on the market data set
// (bench/lib/market-seed.mjs) at 5,000, 20,000 and 80,000 professionals, p50 / p95 / p99 at 1 and 8 connections,
// written to bench/reports/scale.md (the analysis beside it, bench/reports/scale-analysis.md, is written by hand) with a picture of latency against size (bench/reports/scale.svg).
//
// For each size: the data set (database rdv_bench_scale_<size>, kept between runs, --reseed to make it again), the
// real API (backend/dist) and gateway (public-ui/server/index.js) started as production starts them, each scenario
// measured with autocannon at 1 then 8 connections for --duration seconds after a 1 s warm-up; bookings (create, then
// validate by the professional) measured by their own loop on distinct free slots; then the worker's periodic jobs,
// each timed twice (bench/scale/jobs.mjs).
// Options: --sizes=5000,20000,80000 (measured) --report-sizes=... (reported, default the measured ones) --duration=S (default 5) --reseed --no-write
// --apis=N (default 1: N API processes behind the gateway, as production runs replicas; with more than one, the
// API scenarios go through the gateway, which spreads them round robin). Ports from BENCH_SCALE_PORT_BASE
// (default 3470: API, gateway, then the further APIs). Needs PostgreSQL (BENCH_ADMIN_DATABASE_URL) and Redis (REDIS_URL).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { benchDatabaseUrl } from '../lib/database.mjs';
import { landmarks, marketDatabaseName, marketPlan, migrateMarket, seedMarket } from '../lib/market-seed.mjs';
import { backendNodeFlags } from '../lib/node-flags.mjs';
import { stopChild } from '../lib/processes.mjs';
import { percentile } from '../lib/stats.mjs';
import { scaleSvg } from './chart.mjs';
import { BENCH_JWT_SECRET, root, serviceEnv } from './stack.mjs';

const require = createRequire(join(root, 'backend/package.json'));
const autocannon = require(join(root, 'node_modules/autocannon'));
const { Client } = require('pg');

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const MEASURED = option('sizes', '5000,20000,80000').split(',').map(Number);
// Each size's figures are kept in var/bench/scale/<size>.json: a report can put sizes measured by separate runs
// side by side (--report-sizes), e.g. the largest one measured alone once its data set is made.
const SIZES = option('report-sizes', MEASURED.join(',')).split(',').map(Number);
const SAVED = join(root, 'var/bench/scale');
const DURATION = Number(option('duration', 5));
const PORT_BASE = Number(process.env.BENCH_SCALE_PORT_BASE || 3470);
const APIS = Number(option('apis', 1));
if (!Number.isInteger(APIS) || APIS < 1 || APIS > 8) {
  console.error('--apis must be an integer from 1 to 8');
  process.exit(2);
}
const PORTS = { api: PORT_BASE, web: PORT_BASE + 1 };
/** The API processes' ports: the first at PORT_BASE, the further ones after the gateway's. */
const API_PORTS = Array.from({ length: APIS }, (_, i) => (i === 0 ? PORTS.api : PORT_BASE + 1 + i));
const CONNECTIONS = [1, 8];
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function start(script, env, readyUrl, flags = []) {
  const child = spawn(process.execPath, [...flags, script], {
    env,
    cwd: join(root, 'backend'),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  children.add(child);
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(250);
  }
  throw new Error(`${script} did not answer ${readyUrl}: ${stderr}`);
}

/** autocannon on `origin` (paths rotating), percentiles from every response time. */
async function measure(origin, paths, connections, headers = {}, duration = DURATION) {
  const times = [];
  let errors = 0;
  let next = 0;
  const instance = autocannon({
    url: origin,
    connections,
    duration,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) errors += 1;
    times.push(responseTime);
  });
  const result = await instance;
  return latencies(times, errors + result.errors + result.timeouts, duration);
}

const latencies = (times, errors, duration) => ({
  rps: times.length / duration,
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  p99: percentile(times, 99),
  errors,
});

/**
 * A kept data set as autovacuum keeps a live database: the previous run's jobs rewrote rows (the first-free-slot
 * fill rewrites every professional's), and a server run with autovacuum off (as on some bench machines) leaves
 * their dead versions and an outdated visibility map: index-only reads turn into heap reads and the next run
 * measures the leftovers of the last (109,315 dead professional rows for 80,000 live after two runs, every search
 * at 80,000 1.5-3 times slower at one connection).
 */
async function vacuumed(databaseUrl) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('VACUUM (ANALYZE)');
  } finally {
    await db.end();
  }
}

async function marketOf(size) {
  const databaseName = marketDatabaseName(size);
  const db = new Client({ connectionString: benchDatabaseUrl(databaseName) });
  try {
    await db.connect();
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM users)::int AS pros, (SELECT count(*) FROM appointments)::int AS appts`,
    );
    const plan = marketPlan(size);
    // A data set whose jobs already ran is still the same size; a partial one (interrupted) is made again.
    if (rows[0].pros !== plan.professionals || rows[0].appts < plan.appointments) return null;
    return {
      databaseName,
      databaseUrl: benchDatabaseUrl(databaseName),
      ...(await landmarks(db)),
      ...(await extra(db)),
    };
  } catch {
    return null;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** A commune without professionals about 10 km from the biggest one (its page lists the nearby ones). */
async function extra(db) {
  const { rows } = await db.query(`
    SELECT e.city_uri FROM cities e, cities b
    WHERE b.id = (SELECT city_id FROM users GROUP BY city_id ORDER BY count(*) DESC, city_id LIMIT 1)
      AND e.latitude IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.city_id = e.id)
    ORDER BY abs(6371 * 2 * asin(sqrt(power(sin(radians(e.latitude - b.latitude) / 2), 2)
      + cos(radians(b.latitude)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - b.longitude) / 2), 2))) - 10)
    LIMIT 1`);
  const { rows: ids } = await db.query(`
    SELECT u.id FROM users u WHERE u.city_id = (SELECT city_id FROM users GROUP BY city_id ORDER BY count(*) DESC, city_id LIMIT 1)
    AND u.accepts_online_booking ORDER BY u.username LIMIT 60`);
  return { nearby: rows[0]?.city_uri, cardIds: ids.map((r) => r.id) };
}

// ---- build ----
const apiScript = join(root, 'backend/dist/src/main.js');
const webScript = join(root, 'public-ui/server/index.js');
if (!existsSync(apiScript) || !existsSync(join(root, 'public-ui/build/server/index.js'))) {
  step('building the backend and the public site');
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'backend', 'public-ui'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}
const { AccessTokens } = require(join(root, 'backend/dist/src/modules/identity/access-tokens.js'));
const tokens = new AccessTokens(BENCH_JWT_SECRET);

/**
 * Takes back what the measures wrote since `since` (the API alone writes meanwhile; the worker's jobs run after):
 * the bookings' appointments with what hangs off them, the outbox jobs (no relay runs in the bench), deliveries and
 * audit entries (the bookings' and the GDPR exports'). Kept, they piled up on the same 40 professionals and 400
 * clients run after run (4,083 appointments after four runs at 5,000), and the next runs measured fuller agendas
 * (next slots of 20 cards 1.4 -> 5.0 ms p50 at one connection), a busier client's export (6.2 -> 14.8 ms) and
 * longer audit lists. Answers how many bookings it took back.
 */
async function takeBackWrites(db, since) {
  await db.query('BEGIN');
  const { rowCount } = await db.query('DELETE FROM appointments WHERE created_at >= $1', [since]);
  for (const table of ['outbox', 'notification_deliveries', 'admin_audit_log'])
    await db.query(`DELETE FROM ${table} WHERE created_at >= $1`, [since]);
  await db.query('COMMIT');
  return rowCount;
}

/** Bookings: create-event by a client on a distinct free slot, then validate by the professional when pending. */
async function measureBookings(origin, market, connections, db) {
  const pros = market.cardIds.slice(0, 40);
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 62 * 86_400_000).toISOString().slice(0, 10);
  const lists = [];
  for (const id of pros) {
    const { rows } = await db.query('SELECT id FROM motives WHERE user_id = $1 AND position = 1', [id]);
    const r = await fetch(`${origin}/api/v1/users/${id}/slots?motiveId=${rows[0].id}&from=${from}&to=${to}`);
    if (!r.ok) throw new Error(`slots: ${r.status} ${await r.text()}`);
    lists.push((await r.json()).slots.map((s) => ({ pro: id, motive: rows[0].id, start: s.start })));
  }
  const slots = [];
  for (let i = 0; lists.some((l) => i < l.length); i++)
    for (const l of lists) if (i < l.length) slots.push(l[i]);
  // Clients who can book (a verified phone, as the booking asks).
  const { rows: clients } = await db.query(
    `UPDATE attendees SET phone_verified_at = now() WHERE id IN (SELECT id FROM attendees ORDER BY email DESC LIMIT 400) RETURNING id`,
  );
  let nextSlot = 0;
  let nextClient = 0;
  const times = [];
  let errors = 0;
  const deadline = performance.now() + DURATION * 1000;
  const worker = async () => {
    while (performance.now() < deadline && nextSlot < slots.length) {
      const slot = slots[nextSlot++];
      const client = clients[nextClient++ % clients.length].id;
      const t0 = performance.now();
      const created = await fetch(`${origin}/api/v1/attendees/${client}/create-event`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens.sign({ kind: 'attendee', id: client })}`,
        },
        body: JSON.stringify({
          user_id: slot.pro,
          motive_id: slot.motive,
          mode: 'in_person',
          start: slot.start,
        }),
      });
      const body = await created.json();
      if (created.status !== 201 && created.status !== 200) {
        errors += 1;
        continue;
      }
      const id = body.id_event;
      if (body.status === 'pending' && id) {
        const validated = await fetch(`${origin}/api/v1/events/${id}/validate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.sign({ kind: 'user', id: slot.pro })}` },
        });
        await validated.arrayBuffer();
        if (!validated.ok) errors += 1;
      }
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return latencies(times, errors, (performance.now() - t0) / 1000);
}

function consolePaths(total, base, filter) {
  const f = filter ? `&filter=${encodeURIComponent(JSON.stringify(filter))}` : '';
  const last = Math.max(0, total - 25);
  return {
    first: `${base}?range=${encodeURIComponent('[0,24]')}${f}`,
    last: `${base}?range=${encodeURIComponent(`[${last},${last + 24}]`)}${f}`,
  };
}

async function totalOf(origin, path, headers) {
  const r = await fetch(`${origin}${path}`, { headers });
  await r.arrayBuffer();
  return Number(/\/(\d+)$/.exec(r.headers.get('content-range') ?? '')?.[1] ?? 0);
}

// ---- per size ----
const results = []; // { size, scenario, kind, conns, p50, p95, p99, rps, errors }
const jobsBySize = new Map();
const seeded = new Map();
const loads = [];
for (const size of MEASURED) {
  let market = args.includes('--reseed') ? null : await marketOf(size);
  if (!market) {
    const t0 = performance.now();
    await seedMarket({ professionals: size, step });
    seeded.set(size, (performance.now() - t0) / 1000);
    market = await marketOf(size);
  } else {
    await migrateMarket(market.databaseUrl);
    const t0 = performance.now();
    await vacuumed(market.databaseUrl);
    step(
      `${size}: VACUUM (ANALYZE) of the kept data set (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  step(`${size} professionals: ${market.city.city_uri} (${market.city.n}), nearby ${market.nearby}`);
  const name = `${PORT_BASE}-${size}`;
  const env = serviceEnv({ databaseUrl: market.databaseUrl, port: PORTS.api, name });
  const apis = [];
  for (const port of API_PORTS)
    apis.push(
      await start(
        apiScript,
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}/api/v1/health/ready`,
        backendNodeFlags(),
      ),
    );
  const web = await start(
    webScript,
    {
      ...env,
      WEB_PORT: String(PORTS.web),
      API_URL: API_PORTS.map((port) => `http://127.0.0.1:${port}`).join(','),
      PUBLIC_URL: `http://127.0.0.1:${PORTS.web}`,
    },
    `http://127.0.0.1:${PORTS.web}/api/v1/health`,
  );
  const webOrigin = `http://127.0.0.1:${PORTS.web}`;
  // One API: measured directly, as before. Several: through the gateway's proxy, as production reaches them.
  const apiOrigin = APIS > 1 ? webOrigin : `http://127.0.0.1:${PORTS.api}`;
  const adminAuth = {
    authorization: `Bearer ${tokens.sign({ kind: 'admin', id: market.adminId }, undefined, { secondFactor: true })}`,
  };
  const city = market.city.city_uri;
  const cards = Array.from(
    { length: 3 },
    (_, i) => `/api/v1/slots/next?userIds=${market.cardIds.slice(i * 20, i * 20 + 20).join(',')}&limit=3`,
  );
  const lists = {};
  for (const [key, base, filter] of [
    ['appointments', '/api/v1/admin/appointments', null],
    ['appointments, status pending', '/api/v1/admin/appointments', { status: 'pending' }],
    ['clients', '/api/v1/admin/clients', null],
    ['clients, q=martin', '/api/v1/admin/clients', { q: 'martin' }],
    ['audit', '/api/v1/admin/audit-log', null],
    ['audit, resource=clients', '/api/v1/admin/audit-log', { resource: 'clients' }],
  ]) {
    const probe = consolePaths(0, base, filter);
    lists[key] = consolePaths(await totalOf(apiOrigin, probe.first, adminAuth), base, filter);
  }
  /** [scenario, kind, origin, paths, headers] */
  const scenarios = [
    // The searches as the listing page asks them: its cards without slots (`withSlots=false`), which the browser
    // then asks for the whole page at once (the "next slots of 20 cards" line).
    [
      'search: city',
      'search',
      apiOrigin,
      [`/api/v1/search?cityUri=${city}&page=1&perPage=20&withSlots=false`],
    ],
    [
      'search: city + speciality',
      'search',
      apiOrigin,
      [`/api/v1/search?cityUri=${city}&speciality=${market.speciality}&page=1&perPage=20&withSlots=false`],
    ],
    [
      'search: nearby (empty commune)',
      'search',
      apiOrigin,
      [`/api/v1/search?cityUri=${market.nearby}&page=1&perPage=20&withSlots=false`],
    ],
    [
      'search: soonest slot first',
      'search',
      apiOrigin,
      [`/api/v1/search?cityUri=${city}&sort=soonest&page=1&perPage=20&withSlots=false`],
    ],
    // The API's default: the cards with their slots in one answer (what the listing asked before it left the
    // slots to the browser).
    [
      'search: city, cards with their slots',
      'search',
      apiOrigin,
      [`/api/v1/search?cityUri=${city}&page=1&perPage=20`],
    ],
    ['next slots of 20 cards', 'search', apiOrigin, cards],
    ['page: city listing', 'page', webOrigin, [`/avocats/${city}`]],
    ['page: profile', 'page', webOrigin, [`/avocat/${market.professional.user_uri}`]],
    ...Object.entries(lists).flatMap(([key, p]) => [
      [`console: ${key}, first page`, 'console', apiOrigin, [p.first], adminAuth],
      [`console: ${key}, last page`, 'console', apiOrigin, [p.last], adminAuth],
    ]),
    ['console: dashboard', 'console', apiOrigin, ['/api/v1/admin/dashboard'], adminAuth],
    ['sitemap: profiles', 'other', apiOrigin, ['/api/v1/sitemap/profiles']],
    [
      'GDPR export of the busiest client',
      'other',
      apiOrigin,
      [`/api/v1/admin/clients/${market.busiestClient.id}/export`],
      adminAuth,
    ],
  ];
  const db = new Client({ connectionString: market.databaseUrl });
  await db.connect();
  const { rows: clock } = await db.query('SELECT now() AS at');
  const loadAtStart = load();
  for (const [scenario, kind, origin, paths, headers] of scenarios) {
    await measure(origin, paths, 1, headers, 1);
    for (const conns of CONNECTIONS) {
      const r = await measure(origin, paths, conns, headers);
      results.push({ size, scenario, kind, conns, ...r });
      step(
        `${size} ${scenario} x${conns}: p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms${r.errors ? `, ${r.errors} non-200` : ''}`,
      );
    }
  }
  for (const conns of CONNECTIONS) {
    const r = await measureBookings(apiOrigin, market, conns, db);
    results.push({ size, scenario: 'booking: create + validate', kind: 'booking', conns, ...r });
    step(`${size} booking x${conns}: p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors`);
  }
  step(`${size}: ${await takeBackWrites(db, clock[0].at)} bookings taken back`);
  await db.end();
  loads.push({ size, start: loadAtStart, end: load() });
  await stopChild(web, children);
  for (const api of apis) await stopChild(api, children);
  step(`${size}: periodic jobs`);
  const out = execFileSync(process.execPath, [join(root, 'bench/scale/jobs.mjs')], {
    env: serviceEnv({ databaseUrl: market.databaseUrl, name }),
    cwd: root,
    maxBuffer: 1 << 20,
  }).toString();
  jobsBySize.set(size, JSON.parse(out.trim().split('\n').at(-1)));
  step(`${size}: ${out.trim()}`);
  mkdirSync(SAVED, { recursive: true });
  writeFileSync(
    join(SAVED, `${size}.json`),
    JSON.stringify({
      results: results.filter((r) => r.size === size),
      jobs: jobsBySize.get(size),
      load: loads.at(-1),
      seeded: seeded.get(size),
      apis: APIS,
      at: new Date().toISOString(),
    }),
  );
}
for (const size of SIZES.filter((s) => !MEASURED.includes(s))) {
  const saved = JSON.parse(readFileSync(join(SAVED, `${size}.json`), 'utf8'));
  results.push(...saved.results);
  jobsBySize.set(size, saved.jobs);
  loads.push(saved.load);
  if (saved.seeded) seeded.set(size, saved.seeded);
}
loads.sort((a, b) => a.size - b.size);

// ---- report ----
const f = (x) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) : '-');
const scenarioNames = [...new Set(results.map((r) => r.scenario))];
const get = (size, scenario, conns) =>
  results.find((r) => r.size === size && r.scenario === scenario && r.conns === conns);
const first = SIZES[0];
const lastSize = SIZES.at(-1);
const table = (conns) =>
  [
    `| scenario | ${SIZES.map((s) => `${s.toLocaleString('en')}: p50 / p95 / p99`).join(' | ')} | p95 ${lastSize.toLocaleString('en')} / ${first.toLocaleString('en')} |`,
    `|---|${SIZES.map(() => '---').join('|')}|---|`,
    ...scenarioNames.map((name) => {
      const cells = SIZES.map((s) => {
        const r = get(s, name, conns);
        return r ? `${f(r.p50)} / ${f(r.p95)} / ${f(r.p99)}${r.errors ? ` (${r.errors} err)` : ''}` : '-';
      });
      const growth = get(lastSize, name, conns)?.p95 / get(first, name, conns)?.p95;
      return `| ${name} | ${cells.join(' | ')} | ${f(growth)}× |`;
    }),
  ].join('\n');
const jobNames = [...new Set([...jobsBySize.values()].flatMap((j) => Object.keys(j)))];
const jobTable = [
  `| job | ${SIZES.map((s) => `${s.toLocaleString('en')}: first run / steady (ms), rows`).join(' | ')} |`,
  `|---|${SIZES.map(() => '---').join('|')}|`,
  ...jobNames.map(
    (name) =>
      `| ${name} | ${SIZES.map((s) => {
        const j = jobsBySize.get(s)?.[name];
        return j
          ? `${j.counts[0] === 'timeout' ? `> ${f(j.ms[0])} (stopped)` : f(j.ms[0])} / ${f(j.ms[1])}, ${j.counts.join(' / ')}`
          : '-';
      }).join(' | ')} |`,
  ),
].join('\n');
// A store filled before the timed runs (a fresh data set's one-time catch-up, bench/scale/jobs.mjs).
const fills = jobNames.flatMap((name) =>
  SIZES.flatMap((s) => {
    const filled = jobsBySize.get(s)?.[name]?.filled;
    return filled && filled.runs > 0
      ? [
          `- ${name}, ${s.toLocaleString('en')}: the data set's one-time fill took ${filled.runs} run(s) ` +
            `before the two above (${f(filled.ms)} ms, ${filled.computed} computed).`,
        ]
      : [];
  }),
);
const plan = marketPlan(lastSize);
const figures = `Measured ${new Date().toISOString().slice(0, 16)}Z with \`node bench/scale/run.mjs --sizes=${MEASURED.join(',')} --report-sizes=${SIZES.join(',')} --duration=${DURATION}${APIS > 1 ? ` --apis=${APIS}` : ''}\` (sizes not measured by this run: their figures from var/bench/scale/, same settings),
Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), PostgreSQL on the same machine.
Load average (1 / 5 / 15 min) per size, at the start of its measures and at its end: ${loads.map((l) => `${l.size.toLocaleString('en')}: ${l.start} → ${l.end}`).join('; ')}.
${[...seeded].map(([s, t]) => `Data set of ${s.toLocaleString('en')} generated in this run in ${t.toFixed(0)} s.`).join(' ')}
At ${lastSize.toLocaleString('en')} professionals: ${Object.entries(plan)
  .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
  .join(', ')}.

A cell of "-" is a scenario whose requests took longer than the whole measure (${DURATION} s): none answered in it.

### 8 connections (ms)

${table(8)}

### 1 connection (ms)

${table(1)}

### Periodic jobs (worker, each scan run twice in a row: the first catches up, the second is the steady state)

${jobTable}
${fills.length > 0 ? `\n${fills.join('\n')}\n` : ''}`;
console.log(figures);
if (!args.includes('--no-write')) {
  writeFileSync(
    join(root, 'bench/reports/scale.md'),
    `# Scale: the whole market on one machine\n\nWritten by \`bench/scale/run.mjs\` (the scale step of \`npm run bench\`). What the figures mean, the goals met or
missed and the plan for each miss (with the \`EXPLAIN (ANALYZE, BUFFERS)\` of the slow statements): [scale-analysis.md](scale-analysis.md).
Latency against size, p95 at 8 connections, one line per scenario: [scale.svg](scale.svg).\n\n${figures}`,
  );
  writeFileSync(
    join(root, 'bench/reports/scale.svg'),
    scaleSvg({
      sizes: SIZES,
      series: scenarioNames.map((name) => ({ name, points: SIZES.map((s) => get(s, name, 8)?.p95) })),
    }),
  );
  step('written to bench/reports/scale.md and bench/reports/scale.svg');
}
process.exit(0);

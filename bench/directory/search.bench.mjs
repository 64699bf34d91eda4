// Benchmark of the directory search API (GET /api/v1/search) on a data set of 5,000 professionals.
//
// What it does:
//  1. creates the database `rdv_bench_directory` (dropped first if present) and applies the committed migrations;
//  2. seeds every department and current commune (@etalab/decoupage-administratif), 26 specialities and 5,000
//     professionals spread over the 300 most populated communes in proportion to their population (Paris gets
//     ~690, Marseille ~250, Lyon ~150), 1 to 3 specialities each, 70 % taking online booking, one office per
//     3 professionals; each professional taking online booking gets a default calendar, 3 motives, weekly hours
//     Mon-Fri 09:00-12:30 + 14:00-19:00 and 20 appointments over the next 20 days (the cards' next free slots);
//  3. starts the real Nest/Fastify API in a child process (config, logger, database, availability and directory
//     modules only, so that work in progress elsewhere in the tree cannot break the run) on 127.0.0.1:3198;
//  4. drives it with autocannon (from this process) and computes latency percentiles from every response time:
//     one connection (latency without queueing), then 8 concurrent connections;
//  5. writes the figures into bench/reports/directory.md with --write.
//
// Run from the repo root, PostgreSQL on 127.0.0.1:5432 (user postgres):
//   node bench/directory/search.bench.mjs [--write] [--keep] [--duration=8]
// (`--keep` leaves the database; BENCH_ADMIN_DATABASE_URL overrides the admin connection.)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabaseUrl } from '../lib/database.mjs';
import { admin, seedDirectory } from '../lib/directory-seed.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const backend = join(root, 'backend');
const require = createRequire(join(backend, 'package.json'));

const DB_NAME = 'rdv_bench_directory';
const databaseUrl = benchDatabaseUrl(DB_NAME);
const PORT = 3198;
const PROFESSIONALS = 5000;
/** Concurrent clients of the second measure of each row (the targets are given for 1 and 8). */
const CONCURRENT = 8;
const args = new Set(process.argv.slice(2));
const DURATION = Number([...args].find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 8);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  // Required in production (env.schema): a throwaway key, the bench connects no calendar.
  CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'warn',
  PORT: String(PORT),
  QUEUE_PREFIX: 'bench-directory',
  SECTOR: 'lawyer',
};

// ---- child process: the API ----
if (args.has('--serve')) {
  Object.assign(process.env, env);
  require(join(backend, 'test/support/swc-register.js'));
  require('reflect-metadata');
  const { Module } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { ConfigModule } = require(join(backend, 'src/config/config.module.ts'));
  const { LoggerModule } = require(join(backend, 'src/common/logger.module.ts'));
  const { DatabaseModule } = require(join(backend, 'src/database/database.module.ts'));
  const { DirectoryModule } = require(join(backend, 'src/modules/directory/directory.module.ts'));
  const { configureApp, createFastifyAdapter } = require(join(backend, 'src/bootstrap.ts'));
  class BenchApiModule {}
  Module({ imports: [ConfigModule, LoggerModule, DatabaseModule, DirectoryModule] })(BenchApiModule);
  const app = await NestFactory.create(BenchApiModule, createFastifyAdapter(), {
    bufferLogs: true,
    logger: false,
  });
  await configureApp(app, { swagger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  require(join(backend, 'test/support/swc-register.js'));
  const { Client } = require('pg');
  const autocannon = require(join(root, 'node_modules/autocannon'));
  const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);

  function startApi() {
    return new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env,
      });
      child.once('message', () => resolvePromise(child));
      child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });
  }

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

  /** Runs autocannon on a rotating list of paths and returns percentiles computed from every response time. */
  async function measure(paths, connections, duration = DURATION, expected = 200) {
    const times = [];
    let errors = 0;
    let next = 0;
    const instance = autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections,
      duration,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== expected) errors += 1;
      times.push(responseTime);
    });
    const result = await instance;
    times.sort((a, b) => a - b);
    return {
      requests: times.length,
      errors: errors + result.errors,
      rps: times.length / duration,
      p50: pct(times, 50),
      p95: pct(times, 95),
      p99: pct(times, 99),
    };
  }

  const data = await seedDirectory({ databaseUrl, professionals: PROFESSIONALS, step });
  const big = data.big.city_uri;
  const slugs = data.specialities.map((s) => s.slug);
  const pages = Math.ceil(data.big.n / 20);
  const scenarios = [
    {
      label: 'baseline: a 400 answered by validation, no database (machine noise)',
      paths: ['/api/v1/search?cityUri=Not%20valid'],
      expect: 400,
    },
    {
      label: `${big} (${data.big.n} professionals), page 1, withSlots=false`,
      paths: [`/api/v1/search?cityUri=${big}&withSlots=false`],
    },
    {
      label: `${big} + one of 26 specialities (rotating), page 1, withSlots=false`,
      paths: slugs.map((s) => `/api/v1/search?cityUri=${big}&speciality=${s}&withSlots=false`),
    },
    {
      label: `${big}, pages 1-${pages} (rotating), withSlots=false`,
      paths: Array.from(
        { length: pages },
        (_, i) => `/api/v1/search?cityUri=${big}&page=${i + 1}&withSlots=false`,
      ),
    },
    { label: `${big}, page 1, with next free slots (default)`, paths: [`/api/v1/search?cityUri=${big}`] },
    {
      label: `${big} + speciality (rotating), page 1, with next free slots (default)`,
      paths: slugs.map((s) => `/api/v1/search?cityUri=${big}&speciality=${s}`),
    },
    {
      label: `nearby: ${data.empty} (nobody, ~10 km from ${big}), 20 nearest within 50 km, withSlots=false`,
      paths: [`/api/v1/search?cityUri=${data.empty}&withSlots=false`],
    },
    {
      label: `nearby: ${data.empty}, 20 nearest with next free slots (default)`,
      paths: [`/api/v1/search?cityUri=${data.empty}`],
    },
    {
      label: `nearby: ${data.empty} + speciality (rotating), radius 10 km, withSlots=false`,
      paths: slugs.map(
        (s) => `/api/v1/search?cityUri=${data.empty}&speciality=${s}&radius=10&withSlots=false`,
      ),
    },
    {
      label: `nearest first: ${big} and 50 km around, pages 1-3 (rotating), withSlots=false`,
      paths: [1, 2, 3].map((p) => `/api/v1/search?cityUri=${big}&sort=nearest&page=${p}&withSlots=false`),
    },
    {
      label: `nearest first around ${data.empty} (nobody, ~10 km from ${big}), 20 km, with next free slots (default)`,
      paths: [`/api/v1/search?cityUri=${data.empty}&sort=nearest&radius=20`],
    },
    { label: 'cities by department (`/api/v1/cities`)', paths: ['/api/v1/cities'] },
    {
      label: 'autocomplete (`q` rotating over 8 prefixes)',
      paths: ['sa', 'par', 'lyo', 'saint-e', 'mar', '690', 'bor', 'ville'].map(
        (q) => `/api/v1/cities/autocomplete?q=${q}`,
      ),
    },
  ];

  /** Median execution time (server side, no network, no planning) of the repository's search queries. */
  async function sqlTimings(cityUri, cityId, specialityId) {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const order =
      'u.accepts_online_booking DESC, u.last_name COLLATE "fr-x-icu", u.first_name COLLATE "fr-x-icu", u.id';
    const card = `u.id, u.user_uri, t.name, c.city_uri, (SELECT coalesce(json_agg(json_build_object('slug', s.slug, 'name', s.name) ORDER BY s.position, s.name), '[]'::json) FROM user_specialities us JOIN specialities s ON s.id = us.speciality_id WHERE us.user_id = u.id) AS specialities`;
    const from = 'users u LEFT JOIN teams t ON t.id = u.team_id LEFT JOIN cities c ON c.id = u.city_id';
    const spec = `AND EXISTS (SELECT 1 FROM user_specialities us WHERE us.user_id = u.id AND us.speciality_id = ${specialityId})`;
    // The shape of DirectoryRepository.searchPage: the page's ids, then the card columns of those rows.
    const page = (where, offset) =>
      `SELECT ${card} FROM (SELECT u.id FROM users u WHERE u.is_active AND u.city_id = ${cityId} ${where} ORDER BY ${order} LIMIT 20 OFFSET ${offset}) page JOIN (${from}) ON u.id = page.id ORDER BY ${order}`;
    const queries = [
      ['page 1 of the city', page('', 0)],
      ['page 1 of the city + speciality', page(spec, 0)],
      ['last page of the city (OFFSET 440)', page('', 440)],
      [
        'count of the city',
        `SELECT count(*), count(*) FILTER (WHERE u.accepts_online_booking) FROM users u WHERE u.is_active AND u.city_id = ${cityId}`,
      ],
      [
        'count of the city + speciality',
        `SELECT count(*), count(*) FILTER (WHERE u.accepts_online_booking) FROM users u WHERE u.is_active AND u.city_id = ${cityId} ${spec}`,
      ],
      [
        'city lookup by uri',
        `SELECT c.id FROM cities c JOIN departments d ON d.code = c.department_code WHERE c.city_uri = '${cityUri}'`,
      ],
      [
        "autocomplete 'saint'",
        `SELECT c.id FROM cities c WHERE search_normalize(c.name) ~>=~ 'saint' AND search_normalize(c.name) ~<~ 'saint~' ORDER BY c.population DESC NULLS LAST, c.name COLLATE "fr-x-icu" LIMIT 8`,
      ],
    ];
    const out = [];
    try {
      for (const [label, text] of queries) {
        const times = [];
        for (let i = 0; i < 30; i++) {
          const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`);
          times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
        }
        times.sort((a, b) => a - b);
        out.push({ label, median: times[15], p95: pct(times, 95) });
      }
    } finally {
      await db.end();
    }
    return out;
  }

  step('starting the API');
  const child = await startApi();
  const rows = [];
  const sqlRows = [];
  try {
    for (const scenario of scenarios) {
      const expected = scenario.expect ?? 200;
      await measure(scenario.paths, 1, 2, expected); // warm-up (plans, caches, JIT)
      const sequential = await measure(scenario.paths, 1, DURATION, expected);
      const concurrent = await measure(scenario.paths, CONCURRENT, DURATION, expected);
      step(
        `${scenario.label}: 1 conn p95 ${sequential.p95.toFixed(1)} ms, ${CONCURRENT} conns p95 ${concurrent.p95.toFixed(1)} ms`,
      );
      rows.push({ scenario, sequential, concurrent });
    }
    step('PostgreSQL execution times of the search queries (EXPLAIN ANALYZE, median of 30)');
    sqlRows.push(...(await sqlTimings(big, data.bigId, data.specialityId)));
  } finally {
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
    if (!args.has('--keep'))
      await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  }

  const f = (x) => x.toFixed(1);
  const table = [
    `| scenario | 1 connection p50 / p95 / p99 (ms) | 1 conn req/s | ${CONCURRENT} connections p50 / p95 / p99 (ms) | ${CONCURRENT} conns req/s | errors |`,
    '|---|---|---|---|---|---|',
    ...rows.map(
      ({ scenario, sequential: s, concurrent: c }) =>
        `| ${scenario.label} | ${f(s.p50)} / **${f(s.p95)}** / ${f(s.p99)} | ${Math.round(s.rps)} | ${f(c.p50)} / **${f(c.p95)}** / ${f(c.p99)} | ${Math.round(c.rps)} | ${s.errors + c.errors} |`,
    ),
  ].join('\n');
  const report = `# Directory API benchmark

Measured ${new Date().toISOString().slice(0, 16)}Z with \`node bench/directory/search.bench.mjs --write\` on Node ${process.version},
${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} at the end (the machine is shared with other work: figures are upper bounds).
PostgreSQL on 127.0.0.1; the API runs in its own process; autocannon (same machine) sends requests for ${DURATION} s
per row and connection count; latencies are computed from every response time.

Data set: ${PROFESSIONALS.toLocaleString('en')} active professionals over the 300 most populated communes (in proportion to
population), 1-3 of 26 specialities each, 70 % taking online booking (each with a calendar, 3 motives, weekly hours
and 20 appointments), every French commune in \`cities\`.

Target: search p95 < 50 ms.

${table}

PostgreSQL execution time of the search queries (\`EXPLAIN ANALYZE\`, 30 runs each: no network, no planning):

| query | median (ms) | p95 (ms) |
|---|---|---|
${sqlRows.map((r) => `| ${r.label} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`).join('\n')}

Notes:
- The baseline row is a request the API rejects in validation without touching the database: it shows what the
  shared machine adds by itself (look at the load average above). The SQL table shows the database's own share.
- A search page is one round trip once the city and speciality lookups are memoised (5 min): the page query and
  the count query run in parallel. The page query reads the page's ids in index order
  (\`users_directory_listing_idx\`: city_id, accepts_online_booking DESC, last_name and first_name in French
  collation, id, WHERE is_active), then computes the card columns (office, city, specialities as JSON) for those
  20 rows only. With a speciality, an EXISTS on the user_specialities key filters the city's professionals.
- The default (with next free slots) adds \`AvailabilityService.nextSlots\` for the page's professionals who take
  online booking (3 queries + the slot engine, owned by the availability module); \`withSlots=false\` leaves it out.
- Nearby: on a commune's last page, or when it has nobody, one more statement lists the professionals
  of other communes within the radius, nearest first: a latitude / longitude box read through
  \`users_public_lat_lon_idx\`, then the great-circle distance computed and ordered in PostgreSQL.
- Autocomplete reads \`cities_search_name_idx\` (search_normalize(name) text_pattern_ops: unaccent, lower case,
  punctuation to '-') as a range, so unaccent is not re-run per candidate; postal codes go through the department
  index. The cities-by-department listing is memoised 30 s.
`;
  console.log(`\n${report}`);
  if (args.has('--write')) {
    writeFileSync(join(root, 'bench/reports/directory.md'), report);
    step('written to bench/reports/directory.md');
  }
}

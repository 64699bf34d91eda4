// Benchmark of GET /api/v1/slots/next (directory cards): next 3 slots of 20 professionals per request, on a
// data set of 5,000 professionals.
//
// What it does:
//  1. creates the database `rdv_bench_availability` (dropped first if present) and applies the committed
//     migrations;
//  2. seeds 5,000 professionals, each with a default calendar, 3 motives (60 min / 24 h notice, 30 min / 2 h,
//     45 min visio / 1 h), weekly hours Mon-Fri 09:00-12:30 + 14:00-19:00 and Sat 09:00-12:00 (1 in 20 has no
//     weekly hours at all), 40 appointments holding
//     slots and 40 external busy times each over the next 20 days (400,000 rows);
//  3. boots the real Nest/Fastify API in a child process (config, logger, database and availability modules only,
//     so that work in progress elsewhere in the tree cannot break the run) on 127.0.0.1:3199;
//  4. measures latency client-side: sequential requests, then 8 concurrent clients; 20 random ids per request;
//  5. writes the figures into bench/reports/availability.md (section next-slots) with --write.
//
// Run from the repo root, PostgreSQL on 127.0.0.1:5432 (user postgres):
//   node bench/availability/next-slots.bench.mjs [--write] [--keep]
// (`--keep` leaves the database for inspection; BENCH_ADMIN_DATABASE_URL overrides the admin connection.)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN_URL, benchDatabaseUrl } from '../lib/database.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const backend = join(root, 'backend');
const require = createRequire(join(backend, 'package.json'));
require(join(backend, 'test/support/swc-register.js')); // compiles the TypeScript sources on require
require('reflect-metadata');

const ADMIN_URL = BENCH_ADMIN_URL;
const DB_NAME = 'rdv_bench_availability';
const databaseUrl = benchDatabaseUrl(DB_NAME);
const PORT = 3199;
const PROFESSIONALS = 5000;
const SEQUENTIAL = 300;
const CONCURRENCY = 8;
const CONCURRENT_PER_CLIENT = 60;

Object.assign(process.env, {
  NODE_ENV: 'production',
  // Required in production (env.schema): a throwaway key, the bench connects no calendar.
  CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'warn',
  PORT: String(PORT),
  QUEUE_PREFIX: 'bench-availability',
});

const { Client } = require('pg');
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);

async function admin(sql) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function seed() {
  step(`creating ${DB_NAME}`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const { runMigrations } = require(join(backend, 'src/database/migrate.ts'));
  await runMigrations(databaseUrl);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const t0 = performance.now();
  step(`seeding ${PROFESSIONALS} professionals`);
  await db.query(`
    INSERT INTO users (username, email, first_name, last_name, user_uri, timezone, visio_enabled)
    SELECT 'bench-' || g, 'bench-' || g || '@example.test', 'Prénom' || g, 'Nom' || g, 'bench-' || g, 'Europe/Paris', g % 3 = 0
    FROM generate_series(1, ${PROFESSIONALS}) g`);
  await db.query(`INSERT INTO calendars (user_id, name, is_default) SELECT id, 'Cabinet', true FROM users`);
  await db.query(`
    INSERT INTO motives (user_id, title, duration_minutes, notice_minutes, not_after_months, position, visio_allowed)
    SELECT u.id, m.title, m.duration, m.notice, 3, m.position, m.visio
    FROM users u CROSS JOIN (VALUES ('Première consultation', 60, 1440, 0, false), ('Suivi', 30, 120, 1, true),
                                    ('Visio', 45, 60, 2, true)) AS m(title, duration, notice, position, visio)`);
  await db.query(`
    INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time)
    SELECT c.id, r.weekday, r.s, r.e
    FROM calendars c JOIN users u ON u.id = c.user_id
    CROSS JOIN (
      SELECT w AS weekday, '09:00'::time AS s, '12:30'::time AS e FROM generate_series(1, 5) w
      UNION ALL SELECT w, '14:00'::time, '19:00'::time FROM generate_series(1, 5) w
      UNION ALL SELECT 6, '09:00'::time, '12:00'::time) r
    WHERE substr(u.username, 7)::int % 20 <> 0`);
  step('seeding 200,000 appointments and 200,000 external busy times');
  // Two appointments a day (09:00 and 15:00 UTC, one hour) over the next 20 days; busy times at 11:00 UTC.
  await db.query(`
    INSERT INTO appointments (ref_appointment, user_id, calendar_id, status, starts_at, ends_at)
    SELECT md5(random()::text || c.id::text || k), c.user_id, c.id,
           CASE WHEN k % 3 = 0 THEN 'pending' ELSE 'confirmed' END,
           date_trunc('day', now()) + (1 + k / 2) * interval '1 day' + (9 + (k % 2) * 6) * interval '1 hour',
           date_trunc('day', now()) + (1 + k / 2) * interval '1 day' + (10 + (k % 2) * 6) * interval '1 hour'
    FROM calendars c CROSS JOIN generate_series(0, 39) k`);
  await db.query(`
    INSERT INTO external_busy_times (user_id, source, external_id, starts_at, ends_at)
    SELECT u.id, 'google', 'evt-' || k,
           date_trunc('day', now()) + (1 + k / 2) * interval '1 day' + (11 + (k % 2) * 6) * interval '1 hour',
           date_trunc('day', now()) + (1 + k / 2) * interval '1 day' + (11 + (k % 2) * 6) * interval '1 hour' + interval '45 minutes'
    FROM users u CROSS JOIN generate_series(0, 39) k`);
  await db.query('ANALYZE');
  const { rows } = await db.query('SELECT id FROM users');
  await db.end();
  step(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return rows.map((r) => r.id);
}

async function bootApi() {
  const { Module } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { ConfigModule } = require(join(backend, 'src/config/config.module.ts'));
  const { LoggerModule } = require(join(backend, 'src/common/logger.module.ts'));
  const { DatabaseModule } = require(join(backend, 'src/database/database.module.ts'));
  const { AvailabilityModule } = require(join(backend, 'src/modules/availability/availability.module.ts'));
  const { configureApp, createFastifyAdapter } = require(join(backend, 'src/bootstrap.ts'));
  class BenchApiModule {}
  Module({ imports: [ConfigModule, LoggerModule, DatabaseModule, AvailabilityModule] })(BenchApiModule);
  const app = await NestFactory.create(BenchApiModule, createFastifyAdapter(), {
    bufferLogs: true,
    logger: false,
  });
  await configureApp(app, { swagger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  return app;
}

let seed32 = 7;
const random = () => (seed32 = (seed32 * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
function pathFor(ids) {
  const picked = new Set();
  while (picked.size < 20) picked.add(ids[Math.floor(random() * ids.length)]);
  return `/api/v1/slots/next?userIds=${[...picked].join(',')}&limit=3`;
}

async function timedGet(path) {
  const t0 = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`);
  const body = await response.json();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times) => {
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] };
};

async function main() {
  const ids = await seed();
  step('booting the API in a child process');
  const { fork } = await import('node:child_process');
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  await new Promise((resolveReady, reject) => {
    child.once('message', resolveReady);
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  const app = {
    close: async () => {
      child.disconnect();
      await new Promise((r) => child.once('exit', r));
    },
  };
  try {
    for (let i = 0; i < 30; i++) await timedGet(pathFor(ids)); // warm-up
    const first = await timedGet(pathFor(ids));
    const slotsPerCard = first.body.items.map((i) => i.slots.length);

    step(`${SEQUENTIAL} sequential requests`);
    const sequential = [];
    for (let i = 0; i < SEQUENTIAL; i++) sequential.push((await timedGet(pathFor(ids))).ms);

    step(`${CONCURRENCY} concurrent clients x ${CONCURRENT_PER_CLIENT} requests`);
    const concurrent = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = 0; i < CONCURRENT_PER_CLIENT; i++) concurrent.push((await timedGet(pathFor(ids))).ms);
      }),
    );
    const throughput = concurrent.length / ((performance.now() - started) / 1000);

    // The same work without HTTP: AvailabilityService.nextSlots called in this process (SQL + engine only).
    step(`${SEQUENTIAL} direct AvailabilityService.nextSlots calls`);
    const { Module } = require('@nestjs/common');
    const { NestFactory } = require('@nestjs/core');
    const { ConfigModule } = require(join(backend, 'src/config/config.module.ts'));
    const { DatabaseModule } = require(join(backend, 'src/database/database.module.ts'));
    const { AvailabilityModule } = require(join(backend, 'src/modules/availability/availability.module.ts'));
    const { AvailabilityService } = require(
      join(backend, 'src/modules/availability/availability.service.ts'),
    );
    class BenchServiceModule {}
    Module({ imports: [ConfigModule, DatabaseModule, AvailabilityModule] })(BenchServiceModule);
    const context = await NestFactory.createApplicationContext(BenchServiceModule, { logger: false });
    const service = context.get(AvailabilityService);
    const direct = [];
    try {
      const idsOf = (path) => new URL(path, 'http://x').searchParams.get('userIds').split(',');
      for (let i = 0; i < 30; i++) await service.nextSlots(idsOf(pathFor(ids)), 3);
      for (let i = 0; i < SEQUENTIAL; i++) {
        const chosen = idsOf(pathFor(ids));
        const t0 = performance.now();
        await service.nextSlots(chosen, 3);
        direct.push(performance.now() - t0);
      }
    } finally {
      await context.close();
    }
    const dir = summary(direct);

    const seq = summary(sequential);
    const conc = summary(concurrent);
    const f = (x) => x.toFixed(1);
    const section = [
      '<!-- next-slots:start -->',
      '## Next slots of 20 professionals (GET /api/v1/slots/next, 5,000-professional data set)',
      '',
      `Measured ${new Date().toISOString().slice(0, 16)}Z with \`node bench/availability/next-slots.bench.mjs --write\` on Node`,
      `${process.version}, ${cpus().length} shared cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')} (other agents were`,
      'running; the API process, PostgreSQL 15 and the client process share the cores). Latency is measured',
      'client-side over HTTP on the loopback (JSON parse included). The data set is seeded by the script itself (backend/scripts/seed-bench.ts',
      'did not exist yet): 5,000 professionals, 3 motives each, weekly hours Mon-Sat (1 in 20 without any: answered',
      'without reading blocks), 200,000 appointments and 200,000 external busy times over the next 20 days.',
      'Each request asks for 3 slots of 20 random professionals (first active motive, default calendar); it runs at',
      'most 2 SQL queries (contexts of the 20 with their blocks of the next 4 days; blocks up to 60 days for those still short).',
      '',
      '| run | requests | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | target |',
      '|---|---|---|---|---|---|---|',
      `| sequential (1 client) | ${seq.n} | ${f(seq.p50)} | ${f(seq.p95)} | ${f(seq.p99)} | ${f(seq.max)} | p95 <= 50 ms |`,
      `| ${CONCURRENCY} concurrent clients | ${conc.n} | ${f(conc.p50)} | ${f(conc.p95)} | ${f(conc.p99)} | ${f(conc.max)} | |`,
      `| service only, no HTTP (sequential) | ${dir.n} | ${f(dir.p50)} | ${f(dir.p95)} | ${f(dir.p99)} | ${f(dir.max)} | |`,
      '',
      `Throughput with ${CONCURRENCY} clients: ${throughput.toFixed(0)} requests/s (${(throughput * 20).toFixed(0)} cards/s).`,
      `Slots per card in a sample answer: ${slotsPerCard.join(' ')}.`,
      '<!-- next-slots:end -->',
    ].join('\n');
    console.log(section);
    if (process.argv.includes('--write')) {
      const report = join(root, 'bench/reports/availability.md');
      let text = existsSync(report) ? readFileSync(report, 'utf8') : '# Availability figures\n';
      if (!text.includes('<!-- next-slots:start -->'))
        text += '\n<!-- next-slots:start -->\n<!-- next-slots:end -->\n';
      text = text.replace(/<!-- next-slots:start -->[\s\S]*<!-- next-slots:end -->/, section);
      writeFileSync(report, text);
      console.log(`written to ${report}`);
    }
  } finally {
    await app.close();
    if (!process.argv.includes('--keep')) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

if (process.argv.includes('--serve')) {
  // Child process: the API alone, so that the client's event loop does not share its CPU time.
  await bootApi();
  process.send?.('listening');
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

// Booking throughput and commit-to-mail time, and the resident memory of the API and the
// worker (goal 7), measured in one run and written to bench/reports/booking.md. Called by `npm run bench`
// (bench/perf/run.mjs) after its serving-path scenarios; alone: `node bench/booking/booking.bench.mjs`.
//
// What it does:
//  1. its own database (`rdv_bench_booking`, --database=NAME), migrated, with 40 professionals open every day
//     08:00-20:00 (one 30-minute motive, as backend/test/booking/booking-fixtures.ts makes them) and one attendee
//     with a verified phone per booking the run will make (each mail then names its booking);
//  2. an SMTP receiver in this process (smtp-server: the mail's time is the end of its DATA), the real API
//     (backend/dist/src/main.js) and worker (main.worker.js) on it, and the bare Fastify server
//     (bench/perf/bare-fastify.mjs, `POST /bench/appointments`: one bare INSERT into appointments through a pool
//     made by the API's own createPool, same size and timeouts);
//  3. throughput, side by side in --rounds rounds: `POST /attendees/:id/create-event` on distinct free slots
//     (offered by the slot API) vs the bare INSERT of the same row on distinct slots, both over HTTP from
//     autocannon at --connections connections for --duration seconds; only 201s count;
//  4. commit-to-mail: bookings sent open-loop at each of --rates per second for --rate-seconds seconds, each one's mail to
//     its attendee timed in the SMTP receiver; first with the worker as shipped (the outbox relay woken by
//     LISTEN/NOTIFY), then with OUTBOX_POLL_ONLY=true (the relay polling every 500 ms, as it did before LISTEN/NOTIFY);
//  5. resident memory (/proc VmRSS) and process.memoryUsage() of the API and the worker after start and after
//     the load (bench/lib/memory-probe.mjs, preloaded, answers SIGWINCH with a JSON file).
//
// Options: --duration=S (5), --rounds=N (2), --connections=N (8), --rates=N,M (50,20: the goal's rate, then one below
// this machine's capacity), --rate-seconds=S (20),
// --database=NAME, --no-write, --cpu-profile=FILE (the API's V8 CPU profile over the throughput rounds, its top
// printed per booking: bench/lib/cpu-probe.mjs preloaded into the API, so that run's figures are not the plain ones). Ports: BENCH_BOOKING_PORT (default 3430; uses it and the next 2).
// Needs PostgreSQL (BENCH_ADMIN_DATABASE_URL) and Redis (REDIS_URL, default 127.0.0.1:6379).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { admin } from '../lib/directory-seed.mjs';
import { benchDatabaseUrl } from '../lib/database.mjs';
import { cpuMs, machineCpuMs, postgresCpuMs, residentMb, stopChild } from '../lib/processes.mjs';
import { backendNodeFlags } from '../lib/node-flags.mjs';
import { percentile } from '../lib/stats.mjs';
import { summariseProfile } from '../perf/profile-summary.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(join(root, 'backend/package.json'));
const autocannon = require(join(root, 'node_modules/autocannon'));
const { Client } = require('pg');
const { SMTPServer } = require('smtp-server');

const args = process.argv.slice(2);
const text = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const option = (name, fallback) => Number(text(name, fallback));
const DURATION = option('duration', 5);
const ROUNDS = option('rounds', 2);
const CONNECTIONS = option('connections', 8);
// The goal's rate first; the next ones (below this machine's capacity) show the relay's own share.
const RATES = text('rates', '50,20').split(',').map(Number);
const RATE = RATES[0];
const RATE_SECONDS = option('rate-seconds', 20);
// Goal 7's "after 10 minutes of mixed load": bookings at --soak-rate per second (with their mails) and reads at
// --soak-reads per second, for --soak-minutes, the resident memory sampled every 10 s.
const SOAK_MINUTES = option('soak-minutes', 10);
const SOAK_RATE = option('soak-rate', 5);
const SOAK_READS = option('soak-reads', 100);
const DB_NAME = text('database', 'rdv_bench_booking');
// --cpu-profile=FILE: the API's V8 CPU profile over the throughput rounds (bench/lib/cpu-probe.mjs), its top printed.
const CPU_PROFILE = text('cpu-profile', '') ? resolve(text('cpu-profile', '')) : '';
const PROFESSIONALS = 40;
const databaseUrl = benchDatabaseUrl(DB_NAME);
const base = Number(process.env.BENCH_BOOKING_PORT ?? 3430);
const PORTS = { bare: base, api: base + 1, smtp: base + 2 };
// The API's and the worker's V8 flags, as production starts them (BENCH_NODE_FLAGS to compare others).
const NODE_FLAGS = backendNodeFlags();
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);
const load = () => loadavg().map((l) => l.toFixed(2));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const apiScript = join(root, 'backend/dist/src/main.js');
const workerScript = join(root, 'backend/dist/src/main.worker.js');
if (!existsSync(workerScript)) throw new Error('build the backend first: npx nx run backend:build');
const { AccessTokens } = require(join(root, 'backend/dist/src/modules/identity/access-tokens.js'));

const work = mkdtempSync(join(tmpdir(), 'rdv-bench-booking-'));
const memoryDir = join(work, 'memory');
mkdirSync(memoryDir);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  // As the Dockerfile sets it for every process of the image (glibc malloc arenas).
  MALLOC_ARENA_MAX: '2',
  CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  DATABASE_URL: databaseUrl,
  JWT_SECRET,
  LOG_LEVEL: 'info',
  QUEUE_PREFIX: `bench-booking-${randomUUID().slice(0, 8)}`,
  SECTOR: 'lawyer',
  TRUSTED_PROXIES: '127.0.0.1,::1',
  SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
  MAIL_FROM: 'RDV Bench <bench@example.test>',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  MEDIA_DIR: join(work, 'media'),
  DOCUMENTS_DIR: join(work, 'documents'),
  ANTIVIRUS: 'none',
  API_DOCS_ENABLED: 'false',
  BENCH_MEMORY_DIR: memoryDir,
};

// ---- processes ----
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** Starts `node [flags] script`; resolves once `ready()` does (an URL answering 200, or a log line). */
async function start(name, script, env, ready) {
  // As production starts them (backend/package.json, deploy/, docker-compose.yml, scripts/start-stack.sh).
  const flags = [
    ...(name === 'bare' ? [] : NODE_FLAGS),
    '--import',
    pathToFileURL(join(root, 'bench/lib/memory-probe.mjs')).href,
    ...(name !== 'bare' && CPU_PROFILE
      ? ['--import', pathToFileURL(join(root, 'bench/lib/cpu-probe.mjs')).href]
      : []),
  ];
  const child = spawn(process.execPath, [...flags, script], {
    env: { ...env, BENCH_MEMORY_NAME: name },
    cwd: join(root, 'backend'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = () => output;
  children.add(child);
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    if (await ready(child).catch(() => false)) return child;
    await sleep(250);
  }
  console.error(output);
  throw new Error(`${name} did not start`);
}
const answers = (url) => async () => (await fetch(url)).ok;

const stop = (child) => stopChild(child, children, 15_000);

/** RSS from /proc and the process's own process.memoryUsage() (MB), through the preloaded probe. */
async function memoryOf(child, name) {
  const file = join(memoryDir, `${name}.json`);
  rmSync(file, { force: true });
  child.kill('SIGWINCH');
  for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(50);
  await sleep(50);
  const usage = JSON.parse(readFileSync(file, 'utf8'));
  return { vmRss: residentMb(child), ...usage };
}

// ---- 1. data ----
step(`creating ${DB_NAME}`);
await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const { runMigrations } = require(join(root, 'backend/src/database/migrate.ts'));
await runMigrations(databaseUrl);

const plannedBookings = 40_000;
const db = new Client({ connectionString: databaseUrl });
await db.connect();
step(`seeding ${PROFESSIONALS} professionals and the attendees`);
const pros = [];
for (let i = 0; i < PROFESSIONALS; i++) {
  const id = randomUUID();
  const teamId = randomUUID();
  const tag = id.slice(0, 8);
  await db.query(
    `INSERT INTO teams (id, team_uri, name, ext_id, street, postal_code) VALUES ($1, $2, 'Cabinet Bench', $3, '12 rue de la Paix', '75002')`,
    [teamId, `cabinet-${tag}`, `crpcen-${tag}`],
  );
  await db.query(
    `INSERT INTO users (id, username, email, first_name, last_name, user_uri, telephone, team_id, accepts_online_booking,
                        visio_enabled, phone_enabled, password_hash)
     VALUES ($1, $2, $3, 'Camille', 'Bench', $4, '+33140000000', $5, true, true, true, '!no-sign-in')`,
    [id, `pro-${tag}`, `pro-${tag}@example.test`, `camille-bench-${tag}`, teamId],
  );
  const calendarId = (
    await db.query(
      `INSERT INTO calendars (user_id, name, is_default) VALUES ($1, 'Agenda', true) RETURNING id`,
      [id],
    )
  ).rows[0].id;
  const motiveId = (
    await db.query(
      `INSERT INTO motives (user_id, title, duration_minutes, notice_minutes, not_after_months, in_person_allowed, visio_allowed, phone_allowed)
       VALUES ($1, 'Première consultation', 30, 0, 3, true, true, true) RETURNING id`,
      [id],
    )
  ).rows[0].id;
  await db.query(
    `INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time)
     SELECT $1, d, '08:00', '20:00' FROM generate_series(1, 7) d`,
    [calendarId],
  );
  await db.query(
    `INSERT INTO worked_public_holiday_months (user_id, month)
     SELECT $1, to_char(date_trunc('month', now()) + make_interval(months => m), 'YYYY-MM') FROM generate_series(0, 3) m
     ON CONFLICT DO NOTHING`,
    [id],
  );
  pros.push({ id, calendarId, motiveId, uri: `camille-bench-${tag}` });
}
const attendeeIds = (
  await db.query(
    `INSERT INTO attendees (id, email, first_name, last_name, phone, phone_country_code, phone_verified_at)
     SELECT gen_random_uuid(), 'client-' || g || '@example.test', 'Alice', 'Durand', '+33612345678', 'FR', now()
     FROM generate_series(1, $1) g RETURNING id, email`,
    [plannedBookings],
  )
).rows;
const tokens = new AccessTokens(JWT_SECRET);
const attendees = attendeeIds.map((a) => ({
  id: a.id,
  email: a.email,
  auth: `Bearer ${tokens.sign({ kind: 'attendee', id: a.id })}`,
}));
let nextAttendee = 0;
const takeAttendee = () => attendees[nextAttendee++ % attendees.length];

// ---- 2. SMTP receiver and processes ----
/** rcpt address -> time (ms, performance.timeOrigin based) the message's DATA ended. */
const mailTimes = new Map();
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      const at = performance.now();
      mailCount += 1;
      for (const rcpt of session.envelope.rcptTo) {
        const address = rcpt.address.toLowerCase();
        if (!mailTimes.has(address)) mailTimes.set(address, at);
      }
      callback();
    });
  },
});
smtp.on('error', () => undefined);
await new Promise((r) => smtp.listen(PORTS.smtp, '127.0.0.1', r));

step('starting the bare Fastify server, the API and the worker');
const bare = await start(
  'bare',
  join(root, 'bench/perf/bare-fastify.mjs'),
  { ...baseEnv, PORT: String(PORTS.bare) },
  answers(`http://127.0.0.1:${PORTS.bare}/api/v1/health`),
);
const api = await start(
  'api',
  apiScript,
  { ...baseEnv, PORT: String(PORTS.api), ...(CPU_PROFILE ? { BENCH_CPU_PROFILE: CPU_PROFILE } : {}) },
  answers(`http://127.0.0.1:${PORTS.api}/api/v1/health/ready`),
);
// The worker's profile (its mails are part of each booking's cost) goes beside the API's.
const WORKER_CPU_PROFILE = CPU_PROFILE.replace(/(\.cpuprofile)?$/, '.worker.cpuprofile');
const startWorker = (extra = {}) =>
  start(
    'worker',
    workerScript,
    { ...baseEnv, ...(CPU_PROFILE ? { BENCH_CPU_PROFILE: WORKER_CPU_PROFILE } : {}), ...extra },
    async (child) => child.output().includes('worker started'),
  );
let worker = await startWorker();
await sleep(2_000); // let both settle (lazy connections, first cron)
const memoryAfterStart = { api: await memoryOf(api, 'api'), worker: await memoryOf(worker, 'worker') };
const apiOrigin = `http://127.0.0.1:${PORTS.api}`;
const bareOrigin = `http://127.0.0.1:${PORTS.bare}`;

// Free slots offered by the slot API, from tomorrow, 60 days: each booked once, professionals interleaved
// (a booking takes its professional's agenda lock: consecutive bookings on one agenda would queue).
step('reading the free slots');
const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const to = new Date(Date.now() + 61 * 86_400_000).toISOString().slice(0, 10);
const slotLists = [];
for (const pro of pros) {
  const r = await fetch(
    `${apiOrigin}/api/v1/users/${pro.id}/slots?motiveId=${pro.motiveId}&from=${from}&to=${to}`,
  );
  if (!r.ok) throw new Error(`slots: ${r.status} ${await r.text()}`);
  slotLists.push((await r.json()).slots.map((s) => ({ pro, start: s.start })));
}
const slots = [];
for (let i = 0; slotLists.some((l) => i < l.length); i++)
  for (const list of slotLists) if (i < list.length) slots.push(list[i]);
let nextSlot = 0;
const takeSlot = () => {
  if (nextSlot >= slots.length) throw new Error('out of free slots: lower --duration');
  return slots[nextSlot++];
};
step(`${slots.length} free slots`);
// The baseline's rows: distinct 30-minute slots from 2031 on (the exclusion constraint holds for them too).
let nextBareSlot = 0;
const bareEpoch = Date.UTC(2031, 0, 1);
const bareRow = () => {
  const i = nextBareSlot++;
  const pro = pros[i % pros.length];
  const start = new Date(bareEpoch + Math.floor(i / pros.length) * 30 * 60_000);
  return {
    ref: `bench-${i}-${randomUUID().slice(0, 8)}`,
    user_id: pro.id,
    calendar_id: pro.calendarId,
    motive_id: pro.motiveId,
    attendee_id: attendees[i % attendees.length].id,
    mode: 'in_person',
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    title: 'Première consultation',
    location: '12 rue de la Paix, 75002',
    timezone: 'Europe/Paris',
  };
};

const bookingRequest = () => {
  const slot = takeSlot();
  const attendee = takeAttendee();
  return {
    attendee,
    path: `/api/v1/attendees/${attendee.id}/create-event`,
    headers: { 'content-type': 'application/json', authorization: attendee.auth },
    body: JSON.stringify({
      user_id: slot.pro.id,
      motive_id: slot.pro.motiveId,
      mode: 'in_person',
      start: slot.start,
    }),
  };
};

// ---- 3. throughput ----
let apiCreated = 0;
async function measure(side, duration) {
  const times = [];
  const statuses = new Map();
  const instance = autocannon({
    url: side === 'api' ? apiOrigin : bareOrigin,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          if (side === 'api') {
            const r = bookingRequest();
            return { ...req, path: r.path, headers: r.headers, body: r.body };
          }
          return {
            ...req,
            path: '/bench/appointments',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(bareRow()),
          };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    if (statusCode === 201) times.push(responseTime);
  });
  const result = await instance;
  if (side === 'api') apiCreated += statuses.get(201) ?? 0;
  return {
    rps: times.length / duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    other: [...statuses].filter(([s]) => s !== 201).map(([s, n]) => `${n}×${s}`),
    errors: result.errors + result.timeouts,
  };
}

/** Waits until the receiver has every mail of the bookings made so far (2 each: professional and attendee). */
async function drainMails(label) {
  const started = performance.now();
  let last = -1;
  let still = 0;
  while (mailCount < apiCreated * 2) {
    await sleep(500);
    if (mailCount === last) still += 1;
    else still = 0;
    last = mailCount;
    if (still > 60) throw new Error(`${label}: mails stopped at ${mailCount} of ${apiCreated * 2}`);
  }
  return (performance.now() - started) / 1000;
}

const loadAtStart = load();
step('warm-up');
await measure('bare', 1);
await measure('api', 1);
await drainMails('warm-up');
const throughput = { bare: [], api: [] };
const drains = [];
const createdBeforeRounds = apiCreated;
/**
 * CPU time of every process of the machine that serves a side, per request it created: for the API side from
 * the round's start until its last mail is in the receiver (the worker's and the SMTP receiver's share of each
 * booking counted), for the bare side over its round. "bench" is this process: autocannon and the SMTP receiver.
 */
const cpuPerRequest = { bare: [], api: [] };
const cpuSnapshot = () => ({
  api: cpuMs(api.pid),
  worker: cpuMs(worker.pid),
  bare: cpuMs(bare.pid),
  bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  postgres: postgresCpuMs(),
  machine: machineCpuMs(),
});
const perRequest = (before, after, requests) =>
  Object.fromEntries(Object.keys(before).map((name) => [name, (after[name] - before[name]) / requests]));
const profiled = [api, worker];
if (CPU_PROFILE) {
  for (const file of [CPU_PROFILE, WORKER_CPU_PROFILE]) rmSync(file, { force: true });
  for (const child of profiled) child.kill('SIGPWR');
}
for (let round = 1; round <= ROUNDS; round++) {
  for (const side of ['bare', 'api']) {
    const mailsBefore = mailCount;
    const createdBefore = apiCreated;
    const cpuBefore = cpuSnapshot();
    const r = await measure(side, DURATION);
    throughput[side].push(r);
    step(
      `round ${round} ${side}: ${Math.round(r.rps)} created/s, p50 ${r.p50} ms, p99 ${r.p99} ms ${r.other.join(' ')}`,
    );
    if (side === 'api') {
      const seconds = await drainMails(`round ${round}`);
      drains.push({ mails: mailCount - mailsBefore, seconds: seconds + DURATION });
      step(
        `  its ${mailCount - mailsBefore} mails in the receiver ${seconds.toFixed(1)} s after the load ended`,
      );
    }
    const created = side === 'api' ? apiCreated - createdBefore : Math.round(r.rps * DURATION);
    const cpu = perRequest(cpuBefore, cpuSnapshot(), created);
    cpuPerRequest[side].push(cpu);
    step(
      `  CPU per ${side === 'api' ? 'booking' : 'insert'} (ms): ${Object.entries(cpu)
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
        .join(', ')}`,
    );
  }
}

if (CPU_PROFILE) {
  for (const child of profiled) child.kill('SIGPWR');
  const booked = apiCreated - createdBeforeRounds;
  for (const [name, file] of [
    ['API', CPU_PROFILE],
    ['worker', WORKER_CPU_PROFILE],
  ]) {
    for (let i = 0; i < 120 && !existsSync(file); i++) await sleep(250);
    await sleep(500);
    const { totalMs, functions, packages } = summariseProfile(JSON.parse(readFileSync(file, 'utf8')));
    console.log(
      `${name} CPU over the rounds: ${totalMs.toFixed(0)} ms for ${booked} bookings (${(totalMs / booked).toFixed(2)} ms each)`,
    );
    console.log(`${name}: self time per booking (ms), by package:`);
    for (const p of packages.slice(0, 12))
      console.log(
        `  ${((p.percent * totalMs) / 100 / booked).toFixed(3)}  ${p.percent.toFixed(1)} %  ${p.name}`,
      );
    console.log(`${name}: self time per booking (ms), by function:`);
    for (const f of functions.slice(0, 30))
      console.log(`  ${(f.ms / booked).toFixed(3)}  ${f.percent.toFixed(1)} %  ${f.name}  ${f.where}`);
  }
}

// ---- 4. commit-to-mail at RATE bookings per second ----
async function mailLatency(label, rate) {
  const total = Math.round(rate * RATE_SECONDS);
  const lastOutboxId = Number((await db.query(`SELECT coalesce(max(id), 0) AS id FROM outbox`)).rows[0].id);
  const sent = [];
  const t0 = performance.now() + 100;
  const pending = [];
  for (let i = 0; i < total; i++) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const r = bookingRequest();
    const entry = { email: r.attendee.email.toLowerCase(), sentAt: performance.now() };
    sent.push(entry);
    pending.push(
      fetch(`${apiOrigin}${r.path}`, { method: 'POST', headers: r.headers, body: r.body })
        .then(async (response) => {
          await response.arrayBuffer();
          entry.status = response.status;
          entry.answeredAt = performance.now();
        })
        .catch((error) => (entry.error = String(error))),
    );
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const created = sent.filter((e) => e.status === 201);
  apiCreated += created.length;
  const deadline = performance.now() + 60_000;
  while (created.some((e) => !mailTimes.has(e.email)) && performance.now() < deadline) await sleep(200);
  const fromSent = [];
  const fromAnswer = [];
  let missing = 0;
  for (const e of created) {
    const at = mailTimes.get(e.email);
    if (at === undefined) {
      missing += 1;
      continue;
    }
    fromSent.push(at - e.sentAt);
    fromAnswer.push(at - e.answeredAt);
  }
  const answerTimes = created.map((e) => e.answeredAt - e.sentAt);
  // The relay's own share: the outbox row's transaction start (created_at) to the start of the relay's
  // transaction that moved it to Redis (sent_at), both PostgreSQL's clock.
  const relayed = (
    await db.query(
      `SELECT extract(epoch FROM sent_at - created_at) * 1000 AS ms FROM outbox WHERE id > $1 AND sent_at IS NOT NULL`,
      [lastOutboxId],
    )
  ).rows.map((r) => Number(r.ms));
  const stats = (xs) => ({
    p50: percentile(xs, 50),
    p95: percentile(xs, 95),
    p99: percentile(xs, 99),
    max: Math.max(...xs),
  });
  const result = {
    label,
    total,
    rate: total / sendSeconds,
    created: created.length,
    // What the bookings not created got: status codes, or the client's error (a timeout, a reset).
    other: [
      ...sent
        .filter((e) => e.status !== 201)
        .reduce((m, e) => m.set(e.status ?? 'error', (m.get(e.status ?? 'error') ?? 0) + 1), new Map()),
    ]
      .map(([s, n]) => `${n}×${s}`)
      .join(', '),
    missing,
    booking: stats(answerTimes),
    relayed: stats(relayed),
    fromSent: stats(fromSent),
    fromAnswer: stats(fromAnswer),
  };
  step(
    `${label}: ${created.length}/${total} booked at ${result.rate.toFixed(1)}/s, mail p50 ${result.fromSent.p50.toFixed(0)} ms, p99 ${result.fromSent.p99.toFixed(0)} ms (from the request), ${missing} missing`,
  );
  await drainMails(label);
  return result;
}

step(`commit-to-mail at ${RATE} bookings/s for ${RATE_SECONDS} s, relay woken by NOTIFY`);
const listenRuns = [];
for (const rate of RATES)
  listenRuns.push(await mailLatency(`relay woken by LISTEN/NOTIFY (as shipped), ${rate}/s`, rate));
const latencyListen = listenRuns[0];
// Reads beside the bookings, for the memory figures: slots, professionals' next slots, the home page's "near you"
// (which loads the GeoLite2 database, 28 MB, on first use) from varied client addresses.
step('mixed reads (slots, next slots, nearest city by IP)');
/** autocannon requests taking `paths` in turn, each from another client address (X-Forwarded-For, trusted). */
function variedReads(paths) {
  let next = 0;
  return [
    {
      setupRequest: (req) => {
        const i = next++;
        return {
          ...req,
          path: paths[i % paths.length],
          headers: { 'x-forwarded-for': `${81 + (i % 100)}.${(i * 7) % 250}.${(i * 13) % 250}.${i % 250}` },
        };
      },
    },
  ];
}
const readPaths = pros.flatMap((pro) => [
  `/api/v1/users/${pro.id}/slots?motiveId=${pro.motiveId}&from=${from}&to=${to}`,
  `/api/v1/geo/nearest-city`,
]);
await autocannon({
  url: apiOrigin,
  connections: 4,
  duration: Math.max(5, DURATION),
  requests: variedReads(readPaths),
});

// ---- 4b. memory over SOAK_MINUTES of mixed load (goal 7) ----
step(`mixed load for ${SOAK_MINUTES} min: ${SOAK_RATE} bookings/s with their mails, ${SOAK_READS} reads/s`);
const soakSamples = [];
const soakStart = performance.now();
const soakEnd = soakStart + SOAK_MINUTES * 60_000;
const sampler = setInterval(
  () =>
    soakSamples.push({ at: performance.now() - soakStart, api: residentMb(api), worker: residentMb(worker) }),
  10_000,
);
const soakReadPaths = pros.flatMap((pro) => [
  `/api/v1/users/${pro.id}/slots?motiveId=${pro.motiveId}&from=${from}&to=${to}`,
  `/api/v1/professionals/${pro.uri}`,
  `/api/v1/geo/nearest-city`,
]);
const soakReads = autocannon({
  url: apiOrigin,
  connections: 4,
  overallRate: SOAK_READS,
  duration: SOAK_MINUTES * 60,
  requests: variedReads(soakReadPaths),
});
const soakAnswers = new Map();
const soakPending = [];
for (let i = 0; ; i++) {
  const at = soakStart + (i * 1000) / SOAK_RATE;
  if (at >= soakEnd) break;
  const wait = at - performance.now();
  if (wait > 0) await sleep(wait);
  const r = bookingRequest();
  soakPending.push(
    fetch(`${apiOrigin}${r.path}`, { method: 'POST', headers: r.headers, body: r.body })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 'error')
      .then((status) => {
        if (status === 201) apiCreated += 1;
        soakAnswers.set(status, (soakAnswers.get(status) ?? 0) + 1);
      }),
  );
}
const soakReadResult = await soakReads;
await Promise.all(soakPending);
clearInterval(sampler);
await drainMails('the mixed load');
step(
  `mixed load done: bookings ${[...soakAnswers].map(([s, n]) => `${n}×${s}`).join(', ')}, ${soakReadResult.requests.total} reads (${soakReadResult.non2xx} not 2xx)`,
);
const memoryAfterLoad = { api: await memoryOf(api, 'api'), worker: await memoryOf(worker, 'worker') };
await stop(worker);
step('the same with OUTBOX_POLL_ONLY=true (polling every 500 ms, as before)');
worker = await startWorker({ OUTBOX_POLL_ONLY: 'true' });
const pollRuns = [];
for (const rate of RATES)
  pollRuns.push(await mailLatency(`relay polling every 500 ms (OUTBOX_POLL_ONLY=true), ${rate}/s`, rate));
const loadAtEnd = load();
await stop(worker);
await stop(api);
await stop(bare);
await new Promise((r) => smtp.close(r));
const { rows: counts } = await db.query(
  `SELECT (SELECT count(*)::int FROM appointments WHERE starts_at < '2031-01-01') AS booked,
          (SELECT count(*)::int FROM outbox WHERE sent_at IS NULL) AS unsent`,
);
await db.end();

// ---- 5. report ----
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ratios = throughput.api.map((r, i) => r.rps / throughput.bare[i].rps);
const ratio = mean(ratios);
const f0 = (x) => (Number.isFinite(x) ? x.toFixed(0) : '-');
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const mb = (bytes) => Math.round(bytes / 1048576);
const memoryRow = (name, when, m) =>
  `| ${name} | ${when} | ${m.vmRss} | ${mb(m.heapUsed)} / ${mb(m.heapTotal)} | ${mb(m.heapLiveAfterGc)} | ${m.modules} | ${mb(m.external)} (${mb(m.arrayBuffers)} in ArrayBuffers) | ${mb(m.codeSpace)} | ${m.vmRss - mb(m.heapTotal) - mb(m.external)} |`;
const goalMail = latencyListen.fromSent.p99;
const rowOf = (side, label) => {
  const rounds = throughput[side];
  return `| ${label} | ${rounds.map((r) => f0(r.rps)).join(' / ')} | ${f1(Math.max(...rounds.map((r) => r.p50)))} / ${f1(Math.max(...rounds.map((r) => r.p95)))} / ${f1(Math.max(...rounds.map((r) => r.p99)))} | ${rounds.flatMap((r) => r.other).join(', ') || '-'} |`;
};
const cpuRow = (side, label) => {
  const mean = (name) =>
    cpuPerRequest[side].reduce((sum, cpu) => sum + cpu[name], 0) / cpuPerRequest[side].length;
  return `| ${label} | ${['api', 'worker', 'bare', 'bench', 'postgres', 'machine'].map((name) => mean(name).toFixed(2)).join(' | ')} |`;
};
const latencyRow = (r) =>
  `| ${r.label} | ${r.created} / ${r.total} at ${f1(r.rate)}/s${r.other ? ` (${r.other})` : ''} | ${f0(r.booking.p50)} / ${f0(r.booking.p99)} | ${f0(r.relayed.p50)} / ${f0(r.relayed.p99)} | ${f0(r.fromAnswer.p50)} / ${f0(r.fromAnswer.p95)} / ${f0(r.fromAnswer.p99)} | **${f0(r.fromSent.p50)} / ${f0(r.fromSent.p95)} / ${f0(r.fromSent.p99)}** / ${f0(r.fromSent.max)} | ${r.missing} |`;

const report = `# Booking: throughput and commit-to-mail time, API and worker memory (goal 7)

Measured ${new Date().toISOString().slice(0, 16)}Z with \`node bench/booking/booking.bench.mjs --duration=${DURATION} --rounds=${ROUNDS} --connections=${CONNECTIONS} --rates=${RATES.join(',')} --rate-seconds=${RATE_SECONDS}\`
(also run by \`npm run bench\`), Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}).
Load average (1 / 5 / 15 min): ${loadAtStart.join(' / ')} at the start, ${loadAtEnd.join(' / ')} at the end: the machine
is shared with other work, so absolute figures are noisy; the throughput ratio compares sides measured seconds apart.

## Goals

| goal | what | measured | target | met |
|---|---|---|---|---|
| 8 | create-event on distinct slots / bare \`INSERT\` into appointments, same pool (${CONNECTIONS} connections) | ${ratio.toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}) | >= 0.5 | ${ratio >= 0.5 ? 'yes' : '**no**'} |
| 8 | booking request sent -> its mail in the SMTP receiver, p99 at ${RATE} bookings/s (an upper bound of commit-to-mail) | ${f0(goalMail)} ms | <= 2000 ms | ${goalMail <= 2000 && latencyListen.missing === 0 ? 'yes' : '**no**'} |
| 7 | API resident memory after start / after the load (MB) | ${memoryAfterStart.api.vmRss} / ${memoryAfterLoad.api.vmRss} | < 200 | ${memoryAfterStart.api.vmRss < 200 && memoryAfterLoad.api.vmRss < 200 ? 'yes' : '**no**'} |
| 7 | worker resident memory after start / after the load (MB) | ${memoryAfterStart.worker.vmRss} / ${memoryAfterLoad.worker.vmRss} | < 200 | ${memoryAfterStart.worker.vmRss < 200 && memoryAfterLoad.worker.vmRss < 200 ? 'yes' : '**no**'} |

## Method

- Data: database \`${DB_NAME}\`, ${PROFESSIONALS} professionals open every day 08:00-20:00 with one 30-minute motive, ${attendees.length.toLocaleString('en')} attendees with a
  verified phone; ${slots.length.toLocaleString('en')} free slots read from the slot API (next 60 days), each booked once, professionals interleaved.
- Processes: the real API and worker (\`backend/dist\`, \`NODE_ENV=production\`, \`LOG_LEVEL=info\`, Redis, every module), an
  SMTP receiver (smtp-server) in the bench process, and the bare Fastify server of \`bench/perf/bare-fastify.mjs\`.
- Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION} s per side and round, ${ROUNDS} rounds, each request a new slot; only 201 answers
  count. The API side is the whole booking (\`POST /api/v1/attendees/:id/create-event\`: token, validation, professional,
  motive, slot computation, agenda lock, insert, outbox rows, answer); the baseline is one \`INSERT INTO appointments\`
  of the same row (no transaction block, no checks) through a pool made by the API's \`createPool\` (10 connections,
  same timeouts), behind a bare Fastify route so both sides pay HTTP.
- Commit-to-mail: ${RATE_SECONDS} s of bookings sent open-loop at ${RATES.join(', then ')} per second (each at its instant, whatever the previous answers),
  each by a different attendee; the time is taken when the receiver has the whole message to that attendee. "From the
  request" (request sent -> mail) includes the booking request itself, so it bounds commit-to-mail from above; "from the
  answer" (201 received -> mail) bounds it from below (the commit happens before the answer).
  Run twice: the worker as shipped, then restarted with \`OUTBOX_POLL_ONLY=true\` (the relay before LISTEN/NOTIFY).
- Memory: VmRSS from /proc; heap, external and code space from the process itself (\`bench/lib/memory-probe.mjs\`,
  preloaded; it runs a full GC after reading the process's figures, to tell live objects from garbage). "After the load" is
  after the throughput rounds and the commit-to-mail runs of the shipped relay (~${Math.round(ROUNDS * 2 * DURATION + RATE_SECONDS * RATES.length + 30)} s of bookings and mail jobs), ${Math.max(5, DURATION)} s of
  reads, then ${SOAK_MINUTES} minutes of mixed load: ${SOAK_RATE} bookings per second sent open-loop (each with its two mails) beside
  ${SOAK_READS} reads per second at 4 connections (a professional's slots over 60 days, a profile, the nearest city of a varied
  client address: the IP lookup loads the GeoLite2 database, then the answer is 404 \`NO_CITY_WITH_PROFESSIONALS\` as the
  bench's professionals have no commune, hence a third of the reads not 2xx), VmRSS sampled every 10 s without forcing any GC.
- V8 flags of the API and the worker: \`${NODE_FLAGS.join(' ')}\`${process.env.BENCH_NODE_FLAGS ? ' (BENCH_NODE_FLAGS)' : ' (as production starts them)'}, \`MALLOC_ARENA_MAX=${baseEnv.MALLOC_ARENA_MAX}\` (as the Dockerfile sets it).

## Throughput (${CONNECTIONS} connections)

| side | created/s (round by round) | worst round p50 / p95 / p99 (ms) | other answers |
|---|---|---|---|
${rowOf('bare', 'bare `INSERT` (Fastify, same pool)')}
${rowOf('api', '`create-event` (API)')}

The worker delivered the rounds' mails at ${drains.map((d) => `${f0(d.mails / d.seconds)}`).join(' / ')} mails/s (mails of the round / seconds from
the round's start to its last mail).

CPU time per request created, by process (ms, mean of the rounds; the API side from the round's start until its
last mail is in the receiver, so the worker's mails count; "bench" is autocannon and the SMTP receiver; machine is
every core's busy time from /proc/stat):

| side | API | worker | bare server | bench | PostgreSQL | machine |
|---|---|---|---|---|---|---|
${cpuRow('bare', 'bare `INSERT`')}
${cpuRow('api', '`create-event`')}

## Commit-to-mail at ${RATES.join(' and ')} bookings per second

| relay | booked | booking answer p50 / p99 (ms) | outbox row -> in Redis p50 / p99 (ms) | answer -> mail p50 / p95 / p99 (ms) | request -> mail p50 / p95 / p99 / max (ms) | mails missing |
|---|---|---|---|---|---|---|
${[...listenRuns, ...pollRuns].map(latencyRow).join('\n')}

At the end: ${counts[0].booked.toLocaleString('en')} appointments booked through the API, ${counts[0].unsent} outbox rows unsent.

## Memory (MB)

| process | when | RSS | heap used / total | heap live (after a full GC) | modules loaded | external | code space | RSS - heap - external |
|---|---|---|---|---|---|---|---|---|
${memoryRow('API', 'after start', memoryAfterStart.api)}
${memoryRow('API', 'after the load', memoryAfterLoad.api)}
${memoryRow('worker', 'after start', memoryAfterStart.worker)}
${memoryRow('worker', 'after the load', memoryAfterLoad.worker)}

### Resident memory during the ${SOAK_MINUTES} minutes of mixed load (MB, VmRSS, highest sample of each minute)

Bookings answered: ${[...soakAnswers].map(([status, n]) => `${n.toLocaleString('en')} × ${status}`).join(', ')}; reads: ${soakReadResult.requests.total.toLocaleString('en')} (${soakReadResult.non2xx} not 2xx).

| minute | ${Array.from({ length: SOAK_MINUTES }, (_, m) => m + 1).join(' | ')} | highest |
|---|${'---|'.repeat(SOAK_MINUTES + 1)}
${['api', 'worker']
  .map((name) => {
    const perMinute = Array.from({ length: SOAK_MINUTES }, (_, m) =>
      Math.max(
        ...soakSamples.filter((x) => x.at >= m * 60_000 && x.at < (m + 1) * 60_000).map((x) => x[name]),
      ),
    );
    return `| ${name === 'api' ? 'API' : 'worker'} | ${perMinute.map(f0).join(' | ')} | ${f0(Math.max(...soakSamples.map((x) => x[name])))} |`;
  })
  .join('\n')}
`;

console.log(`\n${report}`);
if (!args.includes('--no-write')) {
  writeFileSync(join(root, 'bench/reports/booking.md'), report);
  step('written to bench/reports/booking.md');
}
process.exit(0);

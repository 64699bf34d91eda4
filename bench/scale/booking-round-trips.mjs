// Round trips to PostgreSQL of one booking: `node bench/scale/booking-round-trips.mjs --professionals=5000` starts the
// API (backend/dist) with bench/perf/probe.mjs preloaded on the market data set of that size (made by
// bench/scale/generate.mjs or the scale step), records the statements of one create-event by a client and of its
// validation by the professional, and prints each statement (BEGIN, COMMIT and SAVEPOINTs included: each is one
// round trip). --database=NAME: a market database made by `generate.mjs --database=NAME`. Port: BENCH_SCALE_PORT_BASE + 10
// (default 3480).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDatabaseUrl } from '../lib/database.mjs';
import { marketDatabaseName } from '../lib/market-seed.mjs';
import { backendNodeFlags } from '../lib/node-flags.mjs';
import { BENCH_JWT_SECRET, root, serviceEnv } from './stack.mjs';

const require = createRequire(join(root, 'backend/package.json'));
const { Client } = require('pg');
const { AccessTokens } = require(join(root, 'backend/dist/src/modules/identity/access-tokens.js'));
const tokens = new AccessTokens(BENCH_JWT_SECRET);
const size = Number(process.argv.find((a) => a.startsWith('--professionals='))?.split('=')[1] ?? 5000);
const port = Number(process.env.BENCH_SCALE_PORT_BASE || 3470) + 10;
const databaseUrl = benchDatabaseUrl(
  process.argv.find((a) => a.startsWith('--database='))?.split('=')[1] ?? marketDatabaseName(size),
);
const probeDir = mkdtempSync(join(tmpdir(), 'rdv-bench-trips-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const api = spawn(
  process.execPath,
  [
    ...backendNodeFlags(),
    '--import',
    pathToFileURL(join(root, 'bench/perf/probe.mjs')).href,
    join(root, 'backend/dist/src/main.js'),
  ],
  {
    env: {
      ...serviceEnv({ databaseUrl, port, name: `trips-${port}` }),
      BENCH_PROBE_DIR: probeDir,
      BENCH_PROBE_NAME: 'api',
    },
    cwd: join(root, 'backend'),
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
process.on('exit', () => {
  api.kill('SIGKILL');
  rmSync(probeDir, { recursive: true, force: true });
});
const origin = `http://127.0.0.1:${port}`;
for (
  let i = 0;
  !(await fetch(`${origin}/api/v1/health/ready`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
) {
  if (i > 480 || api.exitCode !== null) throw new Error('the API did not start');
  await sleep(250);
}

const db = new Client({ connectionString: databaseUrl });
await db.connect();
const { rows: pros } = await db.query(`
  SELECT u.id, m.id AS motive_id FROM users u JOIN motives m ON m.user_id = u.id AND m.position = 1
  WHERE u.accepts_online_booking ORDER BY u.username DESC LIMIT 1`);
const { rows: clients } = await db.query(
  `UPDATE attendees SET phone_verified_at = now() WHERE id = (SELECT id FROM attendees ORDER BY email LIMIT 1) RETURNING id`,
);
await db.end();
const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const { slots } = await (
  await fetch(
    `${origin}/api/v1/users/${pros[0].id}/slots?motiveId=${pros[0].motive_id}&from=${from}&to=${to}`,
  )
).json();

/** The statements `work` sends, recorded by the probe (toggled by SIGWINCH). */
async function recorded(work) {
  const file = join(probeDir, 'api.sql.json');
  rmSync(file, { force: true });
  api.kill('SIGWINCH');
  await sleep(500);
  const answer = await work();
  api.kill('SIGWINCH');
  for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(50);
  await sleep(200);
  return { answer, statements: JSON.parse(readFileSync(file, 'utf8')) };
}

// Warm-up booking (first-use caches: the motive, the professional's settings), then the recorded one.
const book = async (start) => {
  const r = await fetch(`${origin}/api/v1/attendees/${clients[0].id}/create-event`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${tokens.sign({ kind: 'attendee', id: clients[0].id })}`,
      'idempotency-key': `trips-${Date.parse(start)}-${process.pid}`,
    },
    body: JSON.stringify({ user_id: pros[0].id, motive_id: pros[0].motive_id, mode: 'in_person', start }),
  });
  return { status: r.status, body: await r.json() };
};
await book(slots[0].start);
const create = await recorded(() => book(slots[Math.floor(slots.length / 2)].start));
if (create.answer.status >= 300) throw new Error(`create-event: ${JSON.stringify(create.answer.body)}`);
const id = create.answer.body.id_event;
const validate = await recorded(async () => {
  const r = await fetch(`${origin}/api/v1/events/${id}/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.sign({ kind: 'user', id: pros[0].id })}` },
  });
  return { status: r.status, body: await r.text() };
});
const show = (label, { answer, statements }) => {
  console.log(`\n${label}: HTTP ${answer.status}, ${statements.length} round trips`);
  for (const s of statements)
    console.log(
      `  ${(s.end - s.start).toFixed(1).padStart(6)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
};
show('create-event (client)', create);
show('validate (professional)', validate);
process.exit(0);

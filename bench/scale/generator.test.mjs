// Smoke test of the market generator (bench/lib/market-seed.mjs), run by `npm run test:all`: a 200-professional
// market in a database of its own, every table at the size the plan asks, and the real API (backend/dist, built
// by test-all's build step) answering a search and a profile on it. About 30 s on a quiet machine, most of it the
// reference seed.
// `node --test bench/scale/generator.test.mjs`; needs PostgreSQL and Redis as the other suites.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { admin } from '../lib/directory-seed.mjs';
import { marketPlan, seedMarket } from '../lib/market-seed.mjs';
import { root, serviceEnv } from './stack.mjs';

const PROFESSIONALS = 200;
const databaseName = `rdv_bench_scale_smoke_${process.pid}`;
let api;

after(async () => {
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    await once(api, 'exit');
  }
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

async function queryMarket(databaseUrl, sql) {
  const { Client } = createRequire(join(root, 'backend/package.json'))('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

test('the market generator fills every table at the planned size and the API serves it', async () => {
  const market = await seedMarket({ professionals: PROFESSIONALS, databaseName, step: () => undefined });
  const plan = marketPlan(PROFESSIONALS);
  assert.deepEqual(
    { ...market.counts, largestOffice: undefined, offices: undefined },
    { ...plan, largestOffice: undefined, offices: undefined },
  );
  assert.ok(market.counts.offices > 0 && market.counts.offices <= PROFESSIONALS);
  assert.ok(market.counts.largestOffice >= 1 && market.counts.largestOffice <= 30);
  assert.ok(market.busiestClient.n > 1, 'a client has several appointments');
  // Bookings are spread over the three years as a real market's: each made before its appointment and in the
  // past, and the last day holds a few thousand of 2,000,000 (well under 1 %), not every coming appointment.
  const { rows: booked } = await queryMarket(
    market.databaseUrl,
    `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS "lastDay",
       count(*) FILTER (WHERE created_at >= starts_at OR created_at > now())::int AS "impossible",
       count(DISTINCT created_at::date)::int AS "bookingDays" FROM appointments`,
  );
  assert.equal(booked[0].impossible, 0);
  assert.ok(booked[0].lastDay < plan.appointments / 100, `${booked[0].lastDay} bookings in the last day`);
  assert.ok(booked[0].bookingDays > 700, `bookings made on ${booked[0].bookingDays} days`);

  const port = await freePort();
  api = spawn(process.execPath, [join(root, 'backend/dist/src/main.js')], {
    env: serviceEnv({ databaseUrl: market.databaseUrl, port, name: `smoke-${process.pid}` }),
    cwd: join(root, 'backend'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  let ready = false;
  // Up to 2 minutes: the API starts in seconds, but test-all runs beside the other suites on 2 cores.
  for (let i = 0; i < 480 && !ready; i++) {
    ready = (await fetch(`${origin}/api/v1/health/ready`).catch(() => undefined))?.ok ?? false;
    assert.equal(api.exitCode, null, 'the API exited');
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }
  assert.ok(ready, 'the API answers /api/v1/health/ready');
  const search = await fetch(`${origin}/api/v1/search?cityUri=${market.city.city_uri}&page=1&perPage=20`);
  assert.equal(search.status, 200);
  const body = await search.json();
  assert.equal(body.total ?? body.meta?.total ?? body.results?.length, market.city.n);
  const profile = await fetch(`${origin}/api/v1/professionals/${market.professional.user_uri}`);
  assert.equal(profile.status, 200);
});

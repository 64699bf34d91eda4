// The baseline of goal 1: a bare Fastify server, no Nest, no logging, no helmet, no validation.
//   GET /api/v1/health  -> { status: 'ok' }
//   GET /api/v1/search  -> replays, through a pool made by the API's own createPool (same size and timeouts,
//                          same database), the SQL statements the API sent for one search request
//                          ($BENCH_SQL_FILE, recorded by probe.mjs), statements that overlapped in the API
//                          run concurrently here too; answers the rows as JSON.
//   POST /bench/appointments -> the baseline of goal 8 (bench/booking/booking.bench.mjs): one bare INSERT of the
//                          appointment described by the JSON body into the appointments table, through the same
//                          pool, answered 201 with its id (no transaction block, no checks, no outbox).
// Started by bench/perf/run.mjs: PORT, DATABASE_URL, BENCH_SQL_FILE.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'backend/package.json'));
// The same Fastify the API runs on (through @nestjs/platform-fastify).
const Fastify = require(
  require.resolve('fastify', { paths: [dirname(require.resolve('@nestjs/platform-fastify'))] }),
);
const { createPool, SERVER_POOL_TIMEOUTS } = require(
  join(root, 'backend/dist/src/database/database.module.js'),
);

const pool = createPool(process.env.DATABASE_URL, 10, SERVER_POOL_TIMEOUTS);
/** @type {Array<Array<{ text: string, values?: unknown[] }>>} */
const batches = [];
if (process.env.BENCH_SQL_FILE) {
  const statements = JSON.parse(readFileSync(process.env.BENCH_SQL_FILE, 'utf8'));
  let batchEnd = -Infinity;
  for (const s of statements) {
    // A statement sent before the previous ones answered ran concurrently with them.
    if (s.start < batchEnd && batches.length > 0) batches.at(-1).push(s);
    else batches.push([s]);
    batchEnd = Math.max(s.start < batchEnd ? batchEnd : 0, s.end);
  }
}

const app = Fastify({ logger: false });
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get('/api/v1/search', async () => {
  const results = [];
  for (const batch of batches) {
    const answers = await Promise.all(batch.map((s) => pool.query({ text: s.text, values: s.values })));
    for (const answer of answers) results.push(answer.rows);
  }
  return { results };
});
app.post('/bench/appointments', async (request, reply) => {
  const a = request.body;
  const { rows } = await pool.query(
    `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, mode, status,
                               starts_at, ends_at, title, location, timezone)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11) RETURNING id`,
    [
      a.ref,
      a.user_id,
      a.calendar_id,
      a.motive_id,
      a.attendee_id,
      a.mode,
      a.start,
      a.end,
      a.title,
      a.location,
      a.timezone,
    ],
  );
  reply.code(201);
  return { id: rows[0].id };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);

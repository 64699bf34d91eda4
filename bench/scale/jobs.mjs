// Run time of each periodic job of the worker on one database: `node bench/scale/jobs.mjs` with DATABASE_URL and
// the environment of bench/scale/stack.mjs. Boots the worker's module (backend/dist) as main.worker does, calls each
// job's scan twice (the first run catches up on whatever the data set left due, the second is the steady state of
// a job running on its period) and prints one JSON line: { name: { ms: [first, second], counts: [first, second] } }.
// The earlier-slot alert scan works from what changed since its last run, so before each of its runs (untimed) a
// few appointments are cancelled, as five minutes of a busy market would (`prepared`: how many).
// Counts are what each run did (alerts told, invitations or reminders sent).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './stack.mjs';

const require = createRequire(join(root, 'backend/package.json'));
const dist = (path) => require(join(root, 'backend/dist/src', path));
const { NestFactory } = require('@nestjs/core');
const { WorkerModule } = dist('worker.module.js');
const { SlotAlertsScheduler } = dist('modules/slot-alerts/slot-alerts.worker.js');
const { ReviewInvitationScheduler } = dist('modules/reviews/review-invitation.mail.js');
const { ReminderScheduler } = dist('modules/booking/reminder.scheduler.js');
const { CalendarSyncProcessor } = dist('modules/calendar-sync/calendar-sync.processor.js');
const { NextFreeSlotsRefresher } = dist('modules/next-free-slots/next-free-slots.worker.js');
// The backend's own copy (a dependency of the backend, not of the benches).
const { SchedulerRegistry } = require(join(root, 'node_modules/@nestjs/schedule'));

const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error'] });
// The crons stay off: each scan runs here, timed, and only here.
const registry = app.get(SchedulerRegistry);
for (const [, job] of registry.getCronJobs()) job.stop();

const { Client } = require('pg');
const db = new Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
/** Five minutes of a busy market before each alert scan run (not timed): this many future appointments cancelled. */
const CANCELLATIONS_PER_RUN = Number(process.env.BENCH_ALERT_CANCELLATIONS ?? 100);
const cancelSome = async () => {
  const { rowCount } = await db.query(
    `UPDATE appointments SET status = 'cancelled' WHERE id IN (
       SELECT id FROM appointments WHERE status = 'confirmed' AND starts_at > now() ORDER BY random() LIMIT $1)`,
    [CANCELLATIONS_PER_RUN],
  );
  return rowCount;
};

/** One run of the next-free-slot refresher; counted: first free slots computed. */
const refreshNextFreeSlots = async () => (await app.get(NextFreeSlotsRefresher).refresh()).computed;

// `prepare` runs before each timed run, outside the timing.
const jobs = {
  'earlier-slot alert scan (every 5 min)': {
    prepare: cancelSome,
    run: () => app.get(SlotAlertsScheduler).scan(),
    // marks read, professionals they name, due alerts and (professional, motive) pairs computed, told
    detail: () => app.get(SlotAlertsScheduler).lastRun,
  },
  'review invitations (every 15 min)': { run: () => app.get(ReviewInvitationScheduler).scan() },
  'reminders (every 5 min)': { run: () => app.get(ReminderScheduler).scan() },
  'calendar sync scheduling (every minute)': { run: () => app.get(CalendarSyncProcessor).tick() },
  // On a fresh data set the stored first free slots are empty: each run fills them for its budget, and the 80,000
  // professionals of the full market take about three such runs, once. Those runs (`filled`: runs, ms, computed)
  // come first, until no public professional is left never computed (the refresher's own test); the two timed
  // runs are then a minute's work of a filled store.
  'next free slots (every minute)': {
    fillUntil: async () =>
      (
        await db.query(
          'SELECT NOT EXISTS (SELECT 1 FROM users WHERE is_public AND next_free_slot_checked_at IS NULL) AS filled',
        )
      ).rows[0].filled,
    prepare: cancelSome,
    run: refreshNextFreeSlots,
  },
};
const JOB_LIMIT_MS = Number(process.env.BENCH_JOB_LIMIT_SECONDS ?? 240) * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());
const result = {};
/** Runs `run` until `filled()` (at most 10 runs): the one-time catch-up of a fresh data set, not timed as a run. */
async function fillFirst(run, filled) {
  const done = { runs: 0, ms: 0, computed: 0 };
  while (done.runs < 10 && !(await filled())) {
    const t0 = performance.now();
    done.computed += await run();
    done.ms += performance.now() - t0;
    done.runs += 1;
  }
  return done;
}

for (const [name, { fillUntil, prepare, run, detail }] of Object.entries(jobs)) {
  const filled = fillUntil ? await fillFirst(run, fillUntil) : undefined;
  const ms = [];
  const counts = [];
  const prepared = [];
  const details = [];
  for (let i = 0; i < 2; i++) {
    if (prepare) prepared.push(await prepare());
    const t0 = performance.now();
    // A scan longer than JOB_LIMIT_MS is reported as such (the process exits at the end, the scan with it).
    const outcome = await Promise.race([run(), sleep(JOB_LIMIT_MS).then(() => 'timeout')]);
    ms.push(performance.now() - t0);
    counts.push(outcome);
    if (detail) details.push(detail());
    if (outcome === 'timeout') break;
  }
  result[name] = {
    ms,
    counts,
    ...(filled ? { filled } : {}),
    ...(prepare ? { prepared } : {}),
    ...(detail ? { details } : {}),
  };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);

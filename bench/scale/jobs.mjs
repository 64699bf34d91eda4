// Run time of each periodic job of the worker on one database: `node bench/scale/jobs.mjs` with DATABASE_URL and
// the environment of bench/scale/stack.mjs. Boots the worker's module (backend/dist) as main.worker does, calls each
// job's scan twice (the first run catches up on whatever the data set left due, the second is the steady state of
// a job running on its period) and prints one JSON line: { name: { ms: [first, second], counts: [first, second] } }.
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
// The backend's own copy (a dependency of the backend, not of the benches).
const { SchedulerRegistry } = require(join(root, 'node_modules/@nestjs/schedule'));

const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error'] });
// The crons stay off: each scan runs here, timed, and only here.
const registry = app.get(SchedulerRegistry);
for (const [, job] of registry.getCronJobs()) job.stop();

const jobs = {
  'earlier-slot alert scan (every 5 min)': () => app.get(SlotAlertsScheduler).scan(),
  'review invitations (every 15 min)': () => app.get(ReviewInvitationScheduler).scan(),
  'reminders (every 5 min)': () => app.get(ReminderScheduler).scan(),
  'calendar sync scheduling (every minute)': () => app.get(CalendarSyncProcessor).tick(),
};
const JOB_LIMIT_MS = Number(process.env.BENCH_JOB_LIMIT_SECONDS ?? 240) * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());
const result = {};
for (const [name, run] of Object.entries(jobs)) {
  const ms = [];
  const counts = [];
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    // A scan longer than JOB_LIMIT_MS is reported as such (the process exits at the end, the scan with it).
    const outcome = await Promise.race([run(), sleep(JOB_LIMIT_MS).then(() => 'timeout')]);
    ms.push(performance.now() - t0);
    counts.push(outcome);
    if (outcome === 'timeout') break;
  }
  result[name] = { ms, counts };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);

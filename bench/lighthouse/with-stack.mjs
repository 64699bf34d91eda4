// Lighthouse inside `npm run bench`: starts a stack of its own with the demo data (the e2e stack of
// scripts/start-stack.sh: fresh database rdv_e2e_<port>, web on BENCH_LIGHTHOUSE_PORT, default 3460, API on the next
// port), runs bench/lighthouse/run.mjs on it (median of 5 runs per page, writes bench/reports/lighthouse.md), then
// stops the stack. Extra arguments go to run.mjs (e.g. `3` runs, `--no-write`).
// Needs PostgreSQL, Redis and Debian's chromium, as the Playwright journeys do.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3460);
const origin = `http://localhost:${port}`;
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);

step(`starting a stack with the demo data on ${origin}`);
// Its own process group, so stopping it stops the API, the worker, the gateway and the mail catcher with it.
const stack = spawn('bash', ['scripts/start-stack.sh'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    STACK: 'e2e',
    E2E_PORT_BASE: String(port),
    QUEUE_PREFIX: `rdv-bench-lighthouse-${Date.now().toString(36)}`,
  },
});
const stopStack = () => {
  try {
    process.kill(-stack.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stopStack);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

let ready = false;
for (let i = 0; i < 960 && stack.exitCode === null; i++) {
  try {
    if ((await fetch(`${origin}/api/v1/health/ready`)).ok) {
      ready = true;
      break;
    }
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (!ready) {
  console.error(`the stack did not answer on ${origin} (exit code ${stack.exitCode})`);
  process.exit(1);
}
step('stack ready: Lighthouse');
const result = spawnSync(
  process.execPath,
  [join(root, 'bench/lighthouse/run.mjs'), origin, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
step('stopping the stack');
process.exit(result.status ?? 1);

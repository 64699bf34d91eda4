// Micro-benchmark of the pure slot engine (backend/src/modules/availability/slot-calculator.ts).
//
// Scenario: one professional, 60 days, realistic weekly rules (two ranges a weekday, Saturday
// morning, one range limited to a motive), 3 motives, 200 appointments holding slots, 300 external busy
// intervals, one holiday week, a few unavailability periods, amplitude 08:30-19:30, Europe/Paris.
// Measures computeSlots over 60 and 7 days (p50 / p99 per call) and computeNextSlots for 20 professionals.
//
// Run from the repo root:  node bench/availability/slot-calculator.bench.mjs [--write]
// (`--write` replaces the engine section of bench/reports/availability.md.)
// The TypeScript sources are compiled with @swc/core into bench/availability/.build (git-ignored) first.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg, cpus } from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(import.meta.url);
const swc = require(join(root, 'node_modules/@swc/core'));

const sourceDir = join(root, 'backend/src/modules/availability');
const buildDir = join(here, '.build');
mkdirSync(buildDir, { recursive: true });
for (const name of ['zone-clock', 'public-holidays', 'slot-calculator']) {
  const { code } = swc.transformFileSync(join(sourceDir, `${name}.ts`), {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  writeFileSync(join(buildDir, `${name}.js`), code);
}
const loadStart = performance.now();
const { computeSlots, computeNextSlots } = require(join(buildDir, 'slot-calculator.js'));
const loadMs = performance.now() - loadStart;

// ---- deterministic data -----------------------------------------------------------------------------------
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

const ZONE = 'Europe/Paris';
const NOW = Date.parse('2026-03-02T07:00:00Z'); // a Monday, 08:00 in Paris; the 60 days cross the March change
const DAY = 86_400_000;
const MIN = 60_000;

const weeklyRules = [];
for (let weekday = 1; weekday <= 5; weekday++) {
  weeklyRules.push({ weekday, startTime: '09:00', endTime: '12:30', motiveIds: null });
  weeklyRules.push({
    weekday,
    startTime: '14:00',
    endTime: weekday === 3 ? '17:00' : '19:00',
    motiveIds: null,
  });
}
weeklyRules.push({ weekday: 3, startTime: '17:00', endTime: '19:00', motiveIds: ['m-visio'] });
weeklyRules.push({ weekday: 6, startTime: '09:00', endTime: '12:00', motiveIds: null });

const motives = [
  {
    id: 'm-first',
    durationMinutes: 60,
    noticeMinutes: 24 * 60,
    notBeforeHour: 9,
    notAfterMonths: 3,
    modes: ['in_person'],
  },
  {
    id: 'm-follow',
    durationMinutes: 30,
    noticeMinutes: 120,
    notBeforeHour: null,
    notAfterMonths: 3,
    modes: ['in_person', 'phone'],
  },
  {
    id: 'm-visio',
    durationMinutes: 45,
    noticeMinutes: 60,
    notBeforeHour: 10,
    notAfterMonths: 2,
    modes: ['visio'],
  },
];

function workingInstant() {
  // a random start on a weekday between 08:00 and 19:00 local (UTC+1/+2), on the 5-minute grid
  const day = Math.floor(random() * 62);
  const minutes = 7 * 60 + Math.floor(random() * 132) * 5;
  return NOW - 7 * 60 * MIN + day * DAY + minutes * MIN;
}
const appointments = Array.from({ length: 200 }, () => {
  const start = workingInstant();
  return { start: new Date(start), end: new Date(start + [30, 45, 60][Math.floor(random() * 3)] * MIN) };
});
const external = Array.from({ length: 300 }, () => {
  const start = workingInstant();
  return { start: new Date(start), end: new Date(start + (15 + Math.floor(random() * 12) * 15) * MIN) };
});
// The repository reads both lists ORDER BY starts_at; the engine merges sorted lists linearly.
const byStart = (a, b) => a.start - b.start;
const busy = [...appointments.sort(byStart), ...external.sort(byStart)];
const unavailabilities = [
  { start: new Date(NOW + 10 * DAY), end: new Date(NOW + 10 * DAY + 4 * 60 * MIN) },
  { start: new Date(NOW + 23 * DAY), end: new Date(NOW + 24 * DAY) },
  { start: new Date(NOW + 41 * DAY + 2 * 60 * MIN), end: new Date(NOW + 41 * DAY + 5 * 60 * MIN) },
];
const holidays = [{ startsOn: '2026-04-13', endsOn: '2026-04-18' }];

function inputFor(motive, days) {
  return {
    timeZone: ZONE,
    weeklyRules,
    motive,
    amplitude: { start: '08:30', end: '19:30' },
    unavailabilities,
    holidays,
    holidayCountry: 'FR',
    workedHolidayMonths: ['2026-05'],
    busy,
    from: new Date(NOW),
    to: new Date(NOW + days * DAY),
    now: new Date(NOW),
  };
}

// ---- measurement ------------------------------------------------------------------------------------------
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Per-call wall time, in ROUNDS rounds. The machine is shared with other agents: a call descheduled by the
// OS shows up in the tail, so the report gives the percentiles over all samples AND those of the quietest
// round (lowest p99), the usual best-of-N reading of a micro-benchmark.
const ROUNDS = 5;
function measure(label, fn, iterations) {
  for (let i = 0; i < 200; i++) fn(i); // warm-up (JIT, holiday and offset memo)
  const all = [];
  const rounds = [];
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const times = new Array(iterations);
    for (let i = 0; i < iterations; i++) {
      const t0 = performance.now();
      sink += fn(i).length;
      times[i] = performance.now() - t0;
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    rounds.push({ p50: percentile(times, 50), p99: percentile(times, 99) });
  }
  all.sort((a, b) => a - b);
  const best = rounds.reduce((a, b) => (b.p99 < a.p99 ? b : a));
  return { label, p50: percentile(all, 50), p99: percentile(all, 99), max: all[all.length - 1], best, sink };
}

// First call in a fresh process: builds date-holidays rules and the zone's offset memo.
const coldStart = performance.now();
const coldSlots = computeSlots(inputFor(motives[1], 60));
const coldMs = performance.now() - coldStart;

const ITER = 2000;
const r60 = measure(
  'computeSlots, 60 days (3 motives in turn)',
  (i) => computeSlots(inputFor(motives[i % 3], 60)),
  ITER,
);
const r7 = measure(
  'computeSlots, 7 days (3 motives in turn)',
  (i) => computeSlots(inputFor(motives[i % 3], 7)),
  ITER,
);
const slotCounts = motives.map((m) => computeSlots(inputFor(m, 60)).length);

// computeNextSlots for 20 professionals (the directory card: 3 next slots each), same agenda shape, each with
// its own busy times so nothing is shared between them but the zone clock.
const pros = Array.from({ length: 20 }, (_, k) => ({
  ...inputFor(motives[k % 3], 60),
  busy: busy.map((b) => ({
    start: new Date(b.start.getTime() + k * 15 * MIN),
    end: new Date(b.end.getTime() + k * 15 * MIN),
  })),
  limit: 3,
}));
const rNext = measure(
  'computeNextSlots x 20 professionals, 3 slots each',
  () => pros.flatMap((p) => computeNextSlots(p)),
  400,
);

const ratio = r60.p50 / r7.p50;
const fmt = (x) => x.toFixed(3);
const lines = [
  `<!-- slot-engine:start -->`,
  `## Slot engine (pure computeSlots)`,
  ``,
  `Per-call wall time over ${ROUNDS} rounds. Measured ${new Date().toISOString().slice(0, 16)}Z with \`node bench/availability/slot-calculator.bench.mjs --write\``,
  `on Node ${process.version}, ${cpus().length} shared cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (other agents were running).`,
  ``,
  `Scenario: Europe/Paris, 60 days from Monday 2 March 2026 (crosses the 29 March change), weekly rules Mon-Fri`,
  `09:00-12:30 + 14:00-19:00, Wed 17:00-19:00 limited to the visio motive, Sat 09:00-12:00; 3 motives (60 min with`,
  `24 h notice and not before 09:00; 30 min with 2 h notice; 45 min visio not before 10:00); 200 appointments +`,
  `300 external busy intervals; 3 unavailability periods; a holiday week; public holidays FR (May worked);`,
  `amplitude 08:30-19:30. Slots found over 60 days per motive: ${slotCounts.join(', ')}.`,
  ``,
  `| measure | p50 (ms) | p99 (ms) | max (ms) | quietest round p50 / p99 (ms) | target |`,
  `|---|---|---|---|---|---|`,
  ...[r60, r7, rNext].map(
    (r, i) =>
      `| ${r.label} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.best.p50)} / ${fmt(r.best.p99)} | ${i === 0 ? 'p99 <= 5 ms' : ''} |`,
  ),
  ``,
  `- time(60 days) / time(7 days), at p50: **${ratio.toFixed(2)}** (target <= 10). The fixed part (sorting 500`,
  `  busy intervals, read sorted by start as the repository returns them) dominates the 7-day case; the per-day`,
  `  part grows linearly. p99 and max are dominated by scheduling and GC pauses on the shared, loaded machine.`,
  `- First call in a fresh process (builds the date-holidays rules for FR and the zone's offset memo):`,
  `  ${coldMs.toFixed(1)} ms (${coldSlots.length} slots); module load ${loadMs.toFixed(1)} ms. Later calls reuse both.`,
  `<!-- slot-engine:end -->`,
];
const section = lines.join('\n');
console.log(section);

if (process.argv.includes('--write')) {
  const report = join(root, 'bench/reports/availability.md');
  let text = existsSync(report)
    ? readFileSync(report, 'utf8')
    : '# Availability figures\n\n<!-- slot-engine:start -->\n<!-- slot-engine:end -->\n';
  if (!text.includes('<!-- slot-engine:start -->'))
    text += '\n<!-- slot-engine:start -->\n<!-- slot-engine:end -->\n';
  text = text.replace(/<!-- slot-engine:start -->[\s\S]*<!-- slot-engine:end -->/, section);
  writeFileSync(report, text);
  console.log(`\nwritten to ${report}`);
}

#!/usr/bin/env node
/**
 * Checks the monitoring files against promtool and against the code:
 *  1. `promtool check rules alerts.yml` and `promtool test rules alerts.test.yml` (Debian's prometheus package);
 *  2. every metric the alert rules and the dashboard's queries name is exported by the API / worker
 *     (backend/dist/src/observability/metrics.js, built first) or the gateway (public-ui/server/observability.js),
 *     or is one of the few metrics other programs export (EXTERNAL below).
 * Exits non-zero on any problem. Usage: node deploy/monitoring/check.mjs
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);

/** Metrics exported by something other than our code, and by what. */
const EXTERNAL = {
  up: 'Prometheus, per scrape target',
  certmanager_certificate_expiration_timestamp_seconds: 'cert-manager',
};
const PROMQL_WORDS = new Set([
  ...'sum min max avg count stddev stdvar topk bottomk quantile count_values group by without on ignoring group_left group_right offset bool and or unless'.split(
    ' ',
  ),
  ...'rate irate increase delta idelta deriv histogram_quantile absent absent_over_time time vector scalar clamp_min clamp_max abs ceil floor round sort sort_desc label_replace label_join changes resets predict_linear max_over_time min_over_time avg_over_time sum_over_time count_over_time last_over_time timestamp'.split(
    ' ',
  ),
]);

/** Metric names of a PromQL expression: identifiers outside strings, label matchers and by/without lists. */
export function metricNames(expr) {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = new Set();
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = match[0];
    const next = bare.slice(match.index + word.length).trimStart()[0];
    if (PROMQL_WORDS.has(word) || next === '(') continue;
    if (/^(e|inf|nan)$/i.test(word)) continue;
    names.add(word);
  }
  return names;
}

async function exportedNames() {
  const built = path.join(root, 'backend/dist/src/observability/metrics.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build -w backend" first`);
  const registries = [
    require(built).registry,
    (await import(pathToFileURL(path.join(root, 'public-ui/server/observability.js')).href)).registry,
  ];
  const names = new Set();
  for (const registry of registries) {
    for (const metric of await registry.getMetricsAsJSON()) {
      names.add(metric.name);
      if (metric.type === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
      if (metric.type === 'summary') for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
    }
  }
  return names;
}

function promtool(...args) {
  const run = spawnSync('promtool', args, { cwd: here, encoding: 'utf8' });
  if (run.error) return `promtool ${args[0]} ${args[1]}: ${run.error.message} (install Debian's prometheus)`;
  if (run.status !== 0) return `promtool ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`;
  process.stdout.write(run.stdout);
  return undefined;
}

export function queriesOf() {
  const rules = parse(readFileSync(path.join(here, 'alerts.yml'), 'utf8'));
  const dashboard = JSON.parse(readFileSync(path.join(here, 'dashboard.json'), 'utf8'));
  return [
    ...rules.groups.flatMap((group) =>
      group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
    ),
    ...dashboard.panels.flatMap((panel) =>
      panel.targets.map((target) => ({ where: `panel "${panel.title}"`, expr: target.expr })),
    ),
  ];
}

async function main() {
  const problems = [];
  for (const args of [
    ['check', 'rules', 'alerts.yml'],
    ['test', 'rules', 'alerts.test.yml'],
  ]) {
    const problem = promtool(...args);
    if (problem) problems.push(problem);
  }
  const exported = await exportedNames();
  const queries = queriesOf();
  for (const { where, expr } of queries)
    for (const name of metricNames(expr))
      if (!exported.has(name) && !(name in EXTERNAL))
        problems.push(`${where}: metric ${name} is exported by no process of ours`);
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (!problems.length) console.log(`✓ monitoring: ${queries.length} queries use only exported metrics`);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

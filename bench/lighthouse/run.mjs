// Lighthouse (mobile, Debian Chromium) on the home page, a city listing and a profile of a running
// stack; writes the four category scores to bench/reports/lighthouse.md.
// Usage: node bench/lighthouse/run.mjs [baseUrl=http://localhost:3000] [runs=3]
// Scores vary with machine load: run on a quiet machine; the median of the runs is reported.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const base = process.argv[2] ?? 'http://localhost:3000';
const runs = Number(process.argv[3] ?? 3);
const here = dirname(fileURLToPath(import.meta.url));
const lighthouseBin = join(here, '../../node_modules/.bin/lighthouse');

async function pickPages() {
  const cities = await (await fetch(`${base}/api/v1/cities?withProfessionals=true`)).json();
  const groups = Array.isArray(cities) ? cities : (cities.items ?? cities.departments ?? []);
  const city = groups.flatMap((g) => g.cities ?? []).sort((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
  const search = await (
    await fetch(`${base}/api/v1/search?cityUri=${city.cityUri}&page=1&perPage=20`)
  ).json();
  const professional = search.items[0];
  return [
    ['home', `${base}/`],
    ['city listing', `${base}/avocats/${city.cityUri}`],
    ['profile', `${base}/avocat/${professional.userUri}`],
  ];
}

function lighthouse(url) {
  const profile = mkdtempSync(join(tmpdir(), 'lh-'));
  const out = join(profile, 'report.json');
  try {
    execFileSync(
      lighthouseBin,
      [
        url,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${profile}/chrome`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    return Object.fromEntries(
      Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]),
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
for (const [name, url] of await pickPages()) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(lighthouse(url));
  const row = { name, url: url.replace(base, '') };
  for (const key of ['performance', 'accessibility', 'best-practices', 'seo'])
    row[key] = median(results.map((r) => r[key]));
  rows.push(row);
  console.log(row);
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const table = rows
  .map(
    (r) =>
      `| ${r.name} | \`${r.url}\` | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} |`,
  )
  .join('\n');
writeFileSync(
  join(here, '../reports/lighthouse.md'),
  `# Lighthouse, mobile, Debian Chromium\n\nMeasured ${new Date().toISOString()} on ${base}, median of ${runs} runs per page, load average at the end: ${load} (2 cores).\n\n| page | path | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|---|\n${table}\n\nTarget (issue 4): performance >= 95, the three others 100.\nRun: \`node bench/lighthouse/run.mjs http://localhost:3000 3\` with the demo running.\n`,
);

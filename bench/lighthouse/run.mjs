// Lighthouse (mobile, Debian Chromium) on the six kinds of public page of a running stack (home, a city
// listing, a city + speciality listing, a profile, an office page, a guide article), and the first-load
// JavaScript of each page (gzipped); writes bench/reports/lighthouse.md.
// Usage: node bench/lighthouse/run.mjs [baseUrl=http://localhost:3000] [runs=5] [--no-write] [--only=profile]
// The performance score varies with machine load (the report records the load average); the other three
// categories do not. The median of the runs is reported, and every audit that failed in any run is listed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const base = positional[0] ?? 'http://localhost:3000';
const runs = Number(positional[1] ?? 5);
const write = !process.argv.includes('--no-write');
// --only=<words>: only the pages whose name contains them, or --only=/a/path: that page (a re-run; not written).
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const here = dirname(fileURLToPath(import.meta.url));
const lighthouseBin = join(here, '../../node_modules/.bin/lighthouse');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const loadAtStart = load();

/** A GET, tried again once: a keep-alive connection the server closed meanwhile fails the first write. */
async function get(url) {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

async function json(path) {
  const response = await get(`${base}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** Real pages of the running stack's data, like e2e/tests/public-pages.ts. */
async function pickPages() {
  const grouped = await json('/api/v1/cities?withProfessionals=true');
  const groups = Array.isArray(grouped) ? grouped : (grouped.items ?? grouped.departments ?? []);
  const city = groups.flatMap((g) => g.cities ?? []).sort((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
  const search = await json(`/api/v1/search?cityUri=${city.cityUri}&page=1&perPage=20`);
  const professional = search.items.find((p) => p.team) ?? search.items[0];
  const speciality = professional.specialities[0].slug;
  const articles = await json('/api/v1/articles');
  const article = (articles.items ?? articles)[0];
  // The route words of the lawyer build (the demo's default sector).
  return [
    ['home', '/'],
    ['city listing', `/avocats/${city.cityUri}`],
    ['city + speciality listing', `/avocats/${city.cityUri}/${speciality}`],
    ['profile', `/avocat/${professional.userUri}`],
    ...(professional.team ? [['office', `/etude/${professional.team.teamUri}`]] : []),
    ['article', `/guide-des-demarches-aupres-de-votre-avocat/${article.slug ?? article.id}`],
  ];
}

/**
 * Scripts the page loads before it is interactive: its <script src>, its modulepreload links, the modules its
 * bootstrap imports, and the list the after-paint loader preloads (the page's own scripts start once it has painted).
 */
async function firstLoadJs(path) {
  const html = await (await get(`${base}${path}`)).text();
  const urls = new Set();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>|<script[^>]+src="[^"]+"[^>]*>/g)) {
    const src = /(?:href|src)="([^"]+)"/.exec(match[0])?.[1];
    if (src) urls.add(new URL(src, base).href);
  }
  // The bootstrap's imports, written plain or (in the after-paint loader) as an escaped string.
  for (const match of html.matchAll(/import\s*(?:[^"'(]*from\s*|\()?\\?["']([^"'\\]+\.js)\\?["']/g))
    urls.add(new URL(match[1], base).href);
  // The modules the after-paint loader preloads (hydration-after-paint.server.ts): a JSON array before `.forEach`.
  for (const match of html.matchAll(/(\["[^\]]*\.js"\])\.forEach/g))
    for (const module of JSON.parse(match[1])) urls.add(new URL(module, base).href);
  let raw = 0;
  let gzipped = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await get(url)).arrayBuffer());
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzipped };
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
    const scores = Object.fromEntries(
      Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]),
    );
    // Audits that count in a category's score and did not pass.
    const failed = [];
    for (const [key, category] of Object.entries(report.categories))
      for (const ref of category.auditRefs) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < (key === 'performance' ? 0.9 : 1))
          failed.push(`${key}: ${ref.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`);
      }
    const metric = (id) => report.audits[id]?.numericValue;
    return { scores, failed, lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time') };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
const pages = only?.startsWith('/')
  ? [['page', only]]
  : (await pickPages()).filter(([name]) => !only || name.includes(only));
for (const [name, path] of pages) {
  const js = await firstLoadJs(path);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(lighthouse(`${base}${path}`));
  const row = {
    name,
    path,
    js,
    failed: [...new Set(results.flatMap((r) => r.failed))],
  };
  for (const key of ['performance', 'accessibility', 'best-practices', 'seo']) {
    row[key] = median(results.map((r) => r.scores[key]));
    row[`${key}-all`] = results.map((r) => r.scores[key]);
  }
  row.lcp = median(results.map((r) => r.lcp));
  row.tbt = median(results.map((r) => r.tbt));
  rows.push(row);
  console.log(JSON.stringify(row));
}

const kB = (bytes) => (bytes / 1024).toFixed(1);
const table = rows
  .map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.performance} (${r['performance-all'].join(', ')}) | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${Math.round(r.lcp)} / ${Math.round(r.tbt)} | ${kB(r.js.gzipped)} kB (${r.js.files} files, ${kB(r.js.raw)} kB raw) |`,
  )
  .join('\n');
const failures = rows
  .filter((r) => r.failed.length > 0)
  .map((r) => `- ${r.name}: ${r.failed.join('; ')}`)
  .join('\n');
const report = `# Lighthouse, mobile, Debian Chromium

Measured ${new Date().toISOString().slice(0, 16)}Z on ${base} with \`node bench/lighthouse/run.mjs ${base} ${runs}\`,
median of ${runs} runs per page (every run's performance score in brackets), Lighthouse's default mobile
emulation (simulated slow 4G, 4x CPU slowdown). Load average (1 / 5 / 15 min, 2 cores): ${loadAtStart} at the
start, ${load()} at the end. The performance score depends on the machine's load (Lighthouse's CPU
slowdown multiplies whatever the shared machine leaves it); the other three categories do not.

| page | path | performance | accessibility | best practices | SEO | LCP / TBT (ms, median) | first-load JS, gzipped |
|---|---|---|---|---|---|---|---|
${table}

Targets: performance >= 95, the three others 100, first-load JS <= 100 kB gzipped per route.
First-load JS: the scripts a page loads before it is interactive (its \`<script src>\`, modulepreload links, the
modules its inline bootstrap imports and those its after-paint loader preloads), fetched from the stack and gzipped
at level 9.

Audits that failed in at least one run (performance: score < 0.9; other categories: not passed):
${failures || '- none'}
`;
if (write && !only) writeFileSync(join(here, '../reports/lighthouse.md'), report);
console.log(report);

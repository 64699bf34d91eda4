// First-load JavaScript of every public-ui route, from a build (no running stack needed): what a page's HTML
// preloads (the entry, the root and the route module with their static imports, as React Router's manifest lists
// them), gzipped at level 9 like bench/lighthouse/run.mjs measures it on a running stack, and brotli-compressed at
// quality 11 (what precompressed files would weigh).
// Usage: node bench/lighthouse/first-load-js.mjs [buildClientDir=public-ui/build/client] [--json]
//   --routes=routes/city-listing,routes/profile   only those route ids
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const clientDir = resolve(positional[0] ?? join(root, 'public-ui/build/client'));
const only = process.argv
  .find((a) => a.startsWith('--routes='))
  ?.slice('--routes='.length)
  .split(',');
const asJson = process.argv.includes('--json');

const manifestFile = readdirSync(join(clientDir, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`no React Router manifest in ${clientDir}/assets`);
const source = readFileSync(join(clientDir, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, ''));

const sizes = new Map();
function size(url) {
  if (!sizes.has(url)) {
    const body = readFileSync(join(clientDir, url));
    sizes.set(url, {
      raw: body.length,
      gzipped: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(url);
}

/** The route and its parents up to the root, as the page of that route matches them. */
function chain(id) {
  const routes = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) routes.unshift(route);
  return routes;
}

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  if (id === 'root' || !route.hasDefaultExport || (only && !only.includes(id))) continue;
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain(id)) for (const url of [r.module, ...(r.imports ?? [])]) urls.add(url);
  let raw = 0;
  let gzipped = 0;
  let brotli = 0;
  for (const url of urls) {
    const s = size(url);
    raw += s.raw;
    gzipped += s.gzipped;
    brotli += s.brotli;
  }
  rows.push({ route: id, files: urls.size, raw, gzipped, brotli, urls: [...urls] });
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
if (asJson) console.log(JSON.stringify(rows, null, 2));
else
  for (const r of rows.sort((a, b) => b.gzipped - a.gzipped))
    console.log(
      `${r.route.padEnd(40)} ${kib(r.gzipped).padStart(6)} KiB gzipped ${kib(r.brotli).padStart(6)} KiB brotli  (${r.files} files, ${kib(r.raw)} KiB raw)`,
    );

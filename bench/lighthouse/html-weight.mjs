// The weight of a page's HTML, by part: what a phone downloads before its first paint. No browser needed, a
// running stack is (the e2e stack of scripts/start-stack.sh has the demo data).
// Usage: node bench/lighthouse/html-weight.mjs <url> [<url>...] [--json]
//   e.g. node bench/lighthouse/html-weight.mjs http://localhost:3100/avocats/paris
// Parts: the inlined stylesheets (<style>), React Router's route manifest (the script that sets
// __reactRouterManifest), its hydration data (the scripts that feed __reactRouterContext: loaders' data), the other
// inline scripts, and the markup (everything else: the document without its <script> and <style> elements).
import { gzipSync } from 'node:zlib';

const urls = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const asJson = process.argv.includes('--json');
if (urls.length === 0) {
  console.error('usage: node bench/lighthouse/html-weight.mjs <url> [<url>...] [--json]');
  process.exit(2);
}

const bytes = (text) => Buffer.byteLength(text, 'utf8');

function weigh(html) {
  const parts = { whole: bytes(html), gzipped: gzipSync(html, { level: 9 }).length };
  let stylesheet = 0;
  let manifest = 0;
  let hydration = 0;
  let otherScripts = 0;
  for (const [element] of html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>/gi)) stylesheet += bytes(element);
  for (const [element] of html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/gi)) {
    if (element.includes('__reactRouterManifest')) manifest += bytes(element);
    else if (element.includes('__reactRouterContext')) hydration += bytes(element);
    else otherScripts += bytes(element);
  }
  const markup = parts.whole - stylesheet - manifest - hydration - otherScripts;
  return { ...parts, markup, hydration, stylesheet, manifest, otherScripts };
}

const rows = [];
for (const url of urls) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  rows.push({ url, ...weigh(await response.text()) });
}

if (asJson) console.log(JSON.stringify(rows, null, 2));
else {
  const n = (v) => v.toLocaleString('en-US');
  console.log(
    '| page | whole page | gzipped (-9) | markup | hydration data | inlined stylesheet | route manifest | other inline scripts |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${new URL(r.url).pathname} | ${n(r.whole)} B | ${n(r.gzipped)} B | ${n(r.markup)} B | ${n(r.hydration)} B | ${n(r.stylesheet)} B | ${n(r.manifest)} B | ${n(r.otherScripts)} B |`,
    );
}

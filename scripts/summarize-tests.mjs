// Sums the JSON reports of every test runner (jest, vitest, Playwright) and the static checks
// into the one closing line CI reads: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'var/test-results';
let passed = 0;
let failed = 0;
const rows = [];

for (const file of readdirSync(dir).sort()) {
  const path = join(dir, file);
  let p = 0;
  let f = 0;
  if (file.endsWith('.check')) {
    // static checks (lint, typecheck, openapi freshness, build): one line "pass" or "fail"
    const ok = readFileSync(path, 'utf8').trim() === 'pass';
    ok ? p++ : f++;
  } else if (file.endsWith('.json')) {
    let report;
    try {
      report = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      f = 1; // a runner that crashed before writing its report counts as a failure
      rows.push([file, p, f]);
      passed += p;
      failed += f;
      continue;
    }
    if (report.stats && typeof report.stats.expected === 'number') {
      // Playwright JSON reporter
      p = report.stats.expected + (report.stats.flaky ?? 0);
      f = report.stats.unexpected;
      if (report.errors?.length) f += report.errors.length;
    } else {
      // jest / vitest JSON reporters share this shape
      p = report.numPassedTests ?? 0;
      f = report.numFailedTests ?? 0;
      // a suite that failed to load has no failed test but must still fail the run
      f += report.numRuntimeErrorTestSuites ?? 0;
      if (report.success === false && f === 0) f = 1;
    }
  } else {
    continue;
  }
  rows.push([file, p, f]);
  passed += p;
  failed += f;
}

for (const [file, p, f] of rows)
  console.log(`  ${file.padEnd(32)} ${String(p).padStart(4)} passed ${String(f).padStart(3)} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

#!/usr/bin/env node
/**
 * `npm audit --omit=dev` with an allowlist (audit-allowlist.json at the repository root): fails only on an
 * advisory of a production dependency that the allowlist does not accept (or whose acceptance expired).
 * When the audit endpoint cannot be reached or answers an error (registry mirror without it, network down),
 * the check says so and passes: an outage is not an advisory.
 * Usage: node scripts/audit-check.mjs [--report <npm audit --json output>]  (the option is for the tests)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {string} output what `npm audit --json` printed
 * @returns {{ unavailable: string } | { advisories: { id: string, package: string, severity: string, title: string }[] }}
 */
export function parseAudit(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { unavailable: 'npm audit printed no JSON' };
  }
  if (!report.vulnerabilities) {
    const reason = report.error?.summary || report.message || 'no vulnerabilities section';
    return { unavailable: reason };
  }
  const advisories = new Map();
  for (const [name, entry] of Object.entries(report.vulnerabilities)) {
    for (const via of entry.via ?? []) {
      // A string names another vulnerable package whose own entry carries the advisory.
      if (typeof via !== 'object') continue;
      const id = /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? String(via.source);
      advisories.set(`${id} ${name}`, {
        id,
        package: via.name ?? name,
        severity: via.severity,
        title: via.title,
      });
    }
  }
  return { advisories: [...advisories.values()] };
}

/**
 * @param {{ id: string, package: string }[]} advisories
 * @param {{ id: string, package: string, reason: string, until: string }[]} allowlist
 * @param {Date} now
 */
export function unaccepted(advisories, allowlist, now = new Date()) {
  return advisories.filter(
    (advisory) =>
      !allowlist.some(
        (entry) =>
          entry.id === advisory.id &&
          entry.package === advisory.package &&
          entry.reason?.trim() &&
          new Date(entry.until).getTime() > now.getTime(),
      ),
  );
}

function main() {
  const reportAt = process.argv.indexOf('--report');
  let output;
  if (reportAt > 0) output = readFileSync(process.argv[reportAt + 1], 'utf8');
  else {
    const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    output = run.stdout ?? '';
  }
  const result = parseAudit(output);
  if ('unavailable' in result) {
    console.log(`! npm audit unavailable (${result.unavailable}): no advisory to judge, passing`);
    return 0;
  }
  const allowlist = JSON.parse(readFileSync(path.join(root, 'audit-allowlist.json'), 'utf8')).accepted;
  const refused = unaccepted(result.advisories, allowlist);
  for (const advisory of refused)
    console.error(`✗ ${advisory.package}: ${advisory.id} (${advisory.severity}) ${advisory.title}`);
  const accepted = result.advisories.length - refused.length;
  if (!refused.length)
    console.log(`✓ npm audit --omit=dev: no advisory outside the allowlist (${accepted} accepted)`);
  else
    console.error(
      `${refused.length} advisories: fix them or accept them in audit-allowlist.json (with a reason and a date)`,
    );
  return refused.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());

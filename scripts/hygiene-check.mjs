#!/usr/bin/env node
// The repository's own files a buyer, a new engineer and the dependency bot rely on: the proprietary LICENSE,
// CONTRIBUTING.md with its how-tos, a valid Renovate configuration, the audit allowlist's entries complete.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) =>
  existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : undefined;
const problems = [];

const license = read('LICENSE');
if (!license?.includes('All rights reserved')) problems.push('LICENSE: the proprietary notice is missing');
const contributing = read('CONTRIBUTING.md') ?? '';
for (const section of ['## Run it', '## Test it', '## Add a calendar provider', '## Add a migration'])
  if (!contributing.includes(section)) problems.push(`CONTRIBUTING.md: section "${section}" is missing`);
try {
  const renovate = JSON.parse(read('renovate.json') ?? '');
  if (!renovate.$schema?.includes('renovate-schema.json') || !Array.isArray(renovate.extends))
    problems.push('renovate.json: $schema and extends are expected');
  for (const rule of renovate.packageRules ?? [])
    if (!rule.matchPackageNames && !rule.matchDatasources)
      problems.push('renovate.json: a package rule matches nothing');
} catch (error) {
  problems.push(`renovate.json: ${error.message}`);
}
try {
  const { accepted } = JSON.parse(read('audit-allowlist.json') ?? '');
  for (const entry of accepted)
    if (
      !/^GHSA-/.test(entry.id) ||
      !entry.package ||
      !entry.reason?.trim() ||
      Number.isNaN(Date.parse(entry.until))
    )
      problems.push(
        `audit-allowlist.json: ${JSON.stringify(entry)} needs id (GHSA-...), package, reason and until`,
      );
} catch (error) {
  problems.push(`audit-allowlist.json: ${error.message}`);
}
for (const problem of problems) console.error(`✗ ${problem}`);
if (!problems.length) console.log('✓ LICENSE, CONTRIBUTING.md, renovate.json, audit-allowlist.json');
process.exit(problems.length ? 1 : 0);

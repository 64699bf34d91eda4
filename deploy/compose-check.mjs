#!/usr/bin/env node
// docker-compose.yml: every long-running service has a healthcheck, every dependency waits on a condition
// (service_healthy, or service_completed_successfully for one-shot jobs), and no process gets its heap size twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const ONE_SHOT = new Set(['migrate']);
const problems = [];
for (const [name, service] of Object.entries(compose.services)) {
  if (!ONE_SHOT.has(name) && !service.healthcheck?.test) problems.push(`${name}: no healthcheck`);
  const dependsOn = service.depends_on ?? {};
  if (Array.isArray(dependsOn))
    problems.push(`${name}: depends_on without conditions (${dependsOn.join(', ')})`);
  else
    for (const [dependency, { condition } = {}] of Object.entries(dependsOn)) {
      const expected = ONE_SHOT.has(dependency) ? 'service_completed_successfully' : 'service_healthy';
      if (condition !== expected)
        problems.push(`${name}: depends on ${dependency} with ${condition}, not ${expected}`);
    }
  const command = [service.command, service.environment?.NODE_OPTIONS].flat().join(' ');
  if ((command.match(/--max-old-space-size/g) ?? []).length > 1)
    problems.push(`${name}: heap size set twice`);
}
for (const problem of problems) console.error(`✗ docker-compose.yml: ${problem}`);
if (!problems.length)
  console.log(`✓ docker-compose.yml: ${Object.keys(compose.services).length} services checked`);
process.exit(problems.length ? 1 : 0);

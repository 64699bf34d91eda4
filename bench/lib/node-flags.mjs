// The V8 flags the API and the worker run with in production, read from backend/package.json's `start` script
// (the same flags are in deploy/k8s, docker-compose.yml and scripts/start-stack.sh): the benches start the processes
// as production does. BENCH_NODE_FLAGS replaces them, to compare settings ("" for Node's defaults).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function backendNodeFlags() {
  if (process.env.BENCH_NODE_FLAGS !== undefined)
    return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const { scripts } = JSON.parse(readFileSync(join(root, 'backend/package.json'), 'utf8'));
  const words = scripts.start.split(/\s+/);
  if (words[0] !== 'node')
    throw new Error(`backend/package.json "start" does not start with node: ${scripts.start}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}

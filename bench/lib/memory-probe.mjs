// Preloaded by the benchmarks (`node --import bench/lib/memory-probe.mjs ...`): on SIGWINCH (Nest's shutdown hooks
// take SIGUSR2) the process writes its
// own memory figures to $BENCH_MEMORY_DIR/$BENCH_MEMORY_NAME.json (process.memoryUsage() and the V8 heap spaces,
// bytes), so a report can say what the resident memory is made of. Does nothing else.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';

const dir = process.env.BENCH_MEMORY_DIR;
const name = process.env.BENCH_MEMORY_NAME ?? String(process.pid);
if (dir) {
  process.on('SIGWINCH', () => {
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({
        ...process.memoryUsage(),
        codeSpace: spaces.code_space ?? 0,
        spaces,
        // CommonJS modules loaded so far (the backend is CommonJS: its whole module graph).
        modules: Object.keys(createRequire(import.meta.url).cache).length,
      }),
    );
  });
}

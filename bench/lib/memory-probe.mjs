// Preloaded by the benchmarks (`node --import bench/lib/memory-probe.mjs ...`): on SIGWINCH (Nest's shutdown hooks
// take SIGUSR2) the process writes its own memory figures, then runs a full GC and adds the heap still used, to $BENCH_MEMORY_DIR/$BENCH_MEMORY_NAME.json (process.memoryUsage() and the V8 heap spaces,
// bytes), so a report can say what the resident memory is made of. Does nothing else.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const dir = process.env.BENCH_MEMORY_DIR;
const name = process.env.BENCH_MEMORY_NAME ?? String(process.pid);
// A full collection on demand, to tell live objects from garbage V8 has not collected yet.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
if (dir) {
  process.on('SIGWINCH', () => {
    const before = process.memoryUsage();
    gc();
    const live = process.memoryUsage().heapUsed;
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({
        ...before,
        heapLiveAfterGc: live,
        codeSpace: spaces.code_space ?? 0,
        spaces,
        // CommonJS modules loaded so far (the backend is CommonJS: its whole module graph).
        modules: Object.keys(createRequire(import.meta.url).cache).length,
      }),
    );
  });
}

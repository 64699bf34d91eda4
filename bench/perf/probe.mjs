// Preloaded into a measured process by bench/perf/run.mjs (`node --import ./bench/perf/probe.mjs ...`) for the
// profiling pass only (the figures are measured on processes without it). Each SIGWINCH toggles (not SIGUSR2: Nest's shutdown hooks treat that one as a stop):
//  - the V8 CPU profiler (the same sampler as `node --cpu-prof`, started and stopped in process so that only
//    the load of the pass is sampled), written to $BENCH_PROBE_DIR/<name>.cpuprofile;
//  - a record of the SQL statements sent through `pg` (text, values, start and end times), written to
//    $BENCH_PROBE_DIR/<name>.sql.json, so the bare baseline can replay the very statements of a request.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));

const dir = process.env.BENCH_PROBE_DIR;
const name = process.env.BENCH_PROBE_NAME || String(process.pid);
let on = false;
let session;
let statements = [];

try {
  const { Client } = require('pg');
  const query = Client.prototype.query;
  Client.prototype.query = function recordedQuery(config, values) {
    if (!on) return query.apply(this, arguments);
    const entry = {
      text: typeof config === 'string' ? config : config?.text,
      values: (typeof config === 'object' && config?.values) || (Array.isArray(values) ? values : undefined),
      start: performance.now(),
      end: 0,
    };
    statements.push(entry);
    const args = [...arguments];
    const last = args.findIndex((a) => typeof a === 'function');
    if (last >= 0) {
      const done = args[last];
      args[last] = function () {
        entry.end = performance.now();
        return done.apply(this, arguments);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof result.then === 'function')
      result.then(
        () => (entry.end = performance.now()),
        () => (entry.end = performance.now()),
      );
    return result;
  };
} catch {
  // a process without pg (the gateway): CPU profile only
}

process.on('SIGWINCH', () => {
  if (!on) {
    statements = [];
    session = new Session();
    session.connect();
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () =>
        session.post('Profiler.start', () => (on = true)),
      ),
    );
    return;
  }
  on = false;
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(result.profile));
    writeFileSync(join(dir, `${name}.sql.json`), JSON.stringify(statements));
    session.disconnect();
  });
});

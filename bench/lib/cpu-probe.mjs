// Preloaded into the API by `node bench/booking/booking.bench.mjs --cpu-profile=FILE` only (the figures of a run
// without it are measured on processes without it). SIGPWR toggles the V8 CPU profiler (the sampler of
// `node --cpu-prof`, started and stopped in process so that only the load of the throughput rounds is sampled);
// the profile is written to $BENCH_CPU_PROFILE. Not SIGWINCH (the memory probe's) nor SIGUSR2 (Nest's shutdown hooks).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_CPU_PROFILE;
let session;

if (file)
  process.on('SIGPWR', () => {
    if (!session) {
      session = new Session();
      session.connect();
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
      );
      return;
    }
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
      session.disconnect();
      session = undefined;
    });
  });

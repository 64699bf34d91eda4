/**
 * The scale tests (`npm run test:scale`): a streaming read replica, Redis Sentinel failover, and several
 * API / worker processes behind the gateway. They start their own servers on loopback ports from
 * SCALE_PORT_BASE (default 3700) and take a few minutes, so they run apart from the backend suite. They mostly wait
 * on the servers they start, kill and promote (one run: 47 s of CPU in 329 s). The three files use distinct ports:
 * SCALE_JEST_WORKERS=3 runs them side by side, one jest worker each; the default stays one after the other, since on
 * a machine loaded 12 times over the Sentinel failover then missed its 45 s wait for the mails.
 * @type {import('jest').Config}
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/scale'],
  testMatch: ['**/*.scale-spec.ts'],
  testTimeout: 120_000,
  // These tests kill Redis primaries, sentinels and API processes on purpose; clients of the killed servers keep
  // reconnecting until the process ends, so the run ends the process itself (the backend suite closes everything).
  forceExit: true,
};

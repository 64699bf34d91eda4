/**
 * The scale tests (`npm run test:scale`): a streaming read replica, Redis Sentinel failover, and several
 * API / worker processes behind the gateway. They start their own servers on loopback ports from
 * SCALE_PORT_BASE (default 3700) and take a few minutes, so they run apart from the backend suite. The three files
 * use distinct ports and run side by side, one jest worker each (SCALE_JEST_WORKERS, default 3): they mostly wait
 * on the servers they start, kill and promote (one run: 47 s of CPU in 329 s).
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

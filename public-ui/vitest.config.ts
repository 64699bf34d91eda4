import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin is not wanted inside unit tests.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'happy-dom',
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.{js,ts}'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});

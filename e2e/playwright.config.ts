import { defineConfig, devices } from '@playwright/test';

// Journeys run against the whole stack on one origin (scripts/start-stack.sh with STACK=e2e),
// in Debian's Chromium: Playwright never downloads a browser here.
// E2E_PORT_BASE moves the whole e2e stack (see scripts/start-stack.sh) so worktrees can run journeys side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${portBase}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // Each stack started here gets its own queue prefix: the jobs an earlier run left in Redis (completed
        // jobs are kept a day) never mix with this run's, whose database starts afresh.
        command: `QUEUE_PREFIX=rdv-e2e-${Date.now().toString(36)} STACK=e2e bash ../scripts/start-stack.sh`,
        url: `${baseURL}/api/v1/health/ready`,
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});

import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The other sectors' variant: the same stack started with SECTOR (notary by default), its
// own public-ui build (public-ui/build-notary, built on the fly if missing) and its own fresh database
// rdv_e2e[_<base>]_notary, seeded with the notaries' specialities and demo data. The backend and the two
// SPAs are the lawyers' build, reused as is. Beside the main journeys only on another E2E_PORT_BASE (test:all uses
// the lawyers' base + 100): on the same one, both stacks would want the same ports.
//   cd e2e && npx playwright test -c playwright.sector.config.ts
const sector = process.env.SECTOR || 'notary';
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const baseURL = `http://localhost:${portBase}`;

export default defineConfig({
  ...base,
  testDir: './sector-tests',
  testMatch: `${sector}.spec.ts`,
  use: { ...base.use, baseURL },
  webServer: {
    command: `SECTOR=${sector} QUEUE_PREFIX=rdv-e2e-${sector}-${Date.now().toString(36)} STACK=e2e bash ../scripts/start-stack.sh`,
    url: `${baseURL}/api/v1/health/ready`,
    timeout: 240_000,
    // Never reuse a stack already listening there: it would be the lawyers' one.
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

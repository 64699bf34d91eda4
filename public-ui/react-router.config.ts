import type { Config } from '@react-router/dev/config';
import { getSector } from '@rdv/sectors';
import { buildDirectoryFor } from './server/build-dir.js';

// Server-rendered: search engines and slow phones get real HTML (ARCHITECTURE.md, Frontends).
export default {
  ssr: true,
  appDirectory: 'app',
  // One build per sector (its route words are compiled in): build/ for lawyers, build-notary/...
  buildDirectory: buildDirectoryFor(getSector(process.env.SECTOR).key),
  // Opt in to React Router 8 behaviour now, so the upgrade is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

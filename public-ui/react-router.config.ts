import type { Config } from '@react-router/dev/config';

// Server-rendered: search engines and slow phones get real HTML (ARCHITECTURE.md, Frontends).
export default {
  ssr: true,
  appDirectory: 'app',
  // Opt in to React Router 8 behaviour now, so the upgrade is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

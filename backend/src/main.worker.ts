import './observability/tracing.worker';
import { checkDatabaseOrExit, loadEnvOrExit } from './config/preflight';

/** Worker entry (outbox relay, queue consumers, crons). Checks run before Nest is loaded, as in main.ts. */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  await checkDatabaseOrExit(env.DATABASE_URL);
  /* eslint-disable @typescript-eslint/no-require-imports -- deferred on purpose (see main.ts) */
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
  const { Logger } = require('nestjs-pino') as typeof import('nestjs-pino');
  const { WorkerModule } = require('./worker.module') as typeof import('./worker.module');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  if (env.METRICS_PORT) {
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded with the app, after the checks */
    const { startOpsServer } =
      require('./observability/ops-server') as typeof import('./observability/ops-server');
    const { WorkerHealth } =
      require('./observability/worker-health') as typeof import('./observability/worker-health');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const health = app.get(WorkerHealth);
    await startOpsServer({ port: env.METRICS_PORT, readiness: () => health.readiness() });
  }
  app.get(Logger).log('worker started: outbox relay and queue consumers running');
}

void main();

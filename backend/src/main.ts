import './observability/tracing.api';
import { checkDatabaseOrExit, fail, loadEnvOrExit } from './config/preflight';

/**
 * API entry. The environment and the database are checked before Nest and the module graph are
 * loaded, so a bad configuration stops the process at once with one line naming the variable.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  await checkDatabaseOrExit(env.DATABASE_URL);
  /* eslint-disable @typescript-eslint/no-require-imports -- deferred on purpose (see above) */
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
  const { AppModule } = require('./app.module') as typeof import('./app.module');
  const { configureApp, createFastifyAdapter } = require('./bootstrap') as typeof import('./bootstrap');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const app = await NestFactory.create<import('@nestjs/platform-fastify').NestFastifyApplication>(
    AppModule,
    createFastifyAdapter(env.TRUSTED_PROXIES),
    {
      bufferLogs: true,
      // The Stripe webhook's signature is computed over the exact bytes received (request.rawBody).
      rawBody: true,
    },
  );
  await configureApp(app);
  try {
    await app.listen({ port: env.PORT, host: '0.0.0.0' });
  } catch (error) {
    // The storage boot checks (MEDIA_DIR, DOCUMENTS_DIR, the S3 bucket) run in listen's init and
    // name the variable to fix: one line, like the checks above, not a stack trace.
    if (error instanceof Error && error.message.startsWith('Invalid environment:')) fail(error.message);
    throw error;
  }
  if (env.METRICS_PORT) {
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded with the app, after the checks */
    const { startOpsServer } =
      require('./observability/ops-server') as typeof import('./observability/ops-server');
    /* eslint-enable @typescript-eslint/no-require-imports */
    await startOpsServer({ port: env.METRICS_PORT });
  }
}

void main();

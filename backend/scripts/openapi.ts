/**
 * Writes backend/openapi.json (keys sorted, stable diff) from the app's decorators, without
 * listening or connecting to PostgreSQL / Redis (connections are lazy).
 * `--check` exits 1 when the committed file differs from what the code produces.
 * Usage: npm run openapi -w backend | npm run openapi:check -w backend
 */
import fs from 'node:fs';
import path from 'node:path';

// Placeholders so the env schema validates; nothing connects while the document is built.
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/rdv';
process.env.JWT_SECRET ??= 'openapi-generation-placeholder-secret-000000';
process.env.LOG_LEVEL = 'silent';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function main(): Promise<void> {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the placeholders above */
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
  const { AppModule } = require('../src/app.module') as typeof import('../src/app.module');
  const { buildOpenApiDocument, configureApp, createFastifyAdapter } =
    require('../src/bootstrap') as typeof import('../src/bootstrap');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const app = await NestFactory.create<import('@nestjs/platform-fastify').NestFastifyApplication>(
    AppModule,
    createFastifyAdapter([]),
    {
      logger: false,
      abortOnError: false,
    },
  );
  await configureApp(app, { swagger: false });
  await app.init();
  const document = `${JSON.stringify(sortKeys(buildOpenApiDocument(app)), null, 2)}\n`;
  await app.close();

  const target = path.resolve(
    __dirname,
    '..',
    __dirname.includes(`${path.sep}dist${path.sep}`) ? '..' : '.',
    'openapi.json',
  );
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (committed !== document) {
      process.stderr.write(
        `${target} is stale: run "npm run build -w backend && npm run openapi -w backend" and commit it.\n`,
      );
      process.exit(1);
    }
    process.stdout.write(`${target} is up to date.\n`);
    return;
  }
  fs.writeFileSync(target, document);
  process.stdout.write(`Wrote ${target}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `OpenAPI generation failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);

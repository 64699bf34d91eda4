/**
 * Writes backend/openapi.json from the running module graph (same configureApp as main.ts), keys sorted
 * so diffs stay readable. `--check` exits 1 when the committed document is stale (CI).
 * Usage: npm run build -w backend && npm run openapi -w backend [-- --check]
 * Needs no database or Redis: connections are lazy and the app is never started.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../src/app.module';
import { buildOpenApiDocument, configureApp, createFastifyAdapter } from '../src/bootstrap';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function main(): Promise<void> {
  // The environment is read when the module graph is built, not when it is imported.
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/rdv';
  process.env.JWT_SECRET ??= 'openapi-generation-only-secret-0123456789';
  process.env.LOG_LEVEL ??= 'silent';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createFastifyAdapter(), { logger: false });
  await configureApp(app, { swagger: false });
  const document = `${JSON.stringify(sortKeys(buildOpenApiDocument(app)), null, 2)}\n`;
  await app.close();
  const target = path.resolve(__dirname, '..', '..', 'openapi.json');
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== document) {
      process.stderr.write('backend/openapi.json is stale: run `npm run build -w backend && npm run openapi -w backend` and commit it\n');
      process.exit(1);
    }
    process.stdout.write('backend/openapi.json is up to date\n');
    return;
  }
  writeFileSync(target, document);
  process.stdout.write(`Wrote ${target}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

import type { Type } from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../src/app.module';
import { configureApp, createFastifyAdapter } from '../src/bootstrap';
import { ENV } from '../src/config/config.module';
import { Env, loadEnv } from '../src/config/env.schema';

export interface TestAppOptions {
  /** Environment overrides, e.g. `{ REDIS_URL: 'redis://127.0.0.1:1' }` to test Redis being down. */
  env?: Partial<Record<keyof Env, string>>;
  /** Extra modules imported beside AppModule (what the test-only probes need). */
  imports?: Type<unknown>[];
  /** Extra controllers mounted beside AppModule (test-only probes). */
  controllers?: Type<unknown>[];
  /** Extra overrides (providers, guards) before compilation. */
  customize?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

/**
 * Builds the API exactly as main.ts does (same `configureApp`), ready for supertest:
 * `request(app.getHttpServer()).get('/api/v1/health')`. Close it in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<NestFastifyApplication> {
  const env = loadEnv({ ...process.env, ...options.env });
  let builder = Test.createTestingModule({
    imports: [AppModule, ...(options.imports ?? [])],
    controllers: options.controllers ?? [],
  })
    .overrideProvider(ENV)
    .useValue(env);
  if (options.customize) builder = options.customize(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    createFastifyAdapter(env.TRUSTED_PROXIES),
    {
      bufferLogs: true,
      rawBody: true,
    },
  );
  await configureApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

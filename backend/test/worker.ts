import { Test, TestingModule } from '@nestjs/testing';
import { ENV } from '../src/config/config.module';
import { Env, loadEnv } from '../src/config/env.schema';
import { WorkerModule } from '../src/worker.module';

/** Builds and starts the worker process's module graph (relay polling, queue consumers). Close it in afterAll. */
export async function createTestWorker(
  options: {
    env?: Partial<Record<keyof Env, string>>;
    /** Runs after compilation, before the relay and consumers start (e.g. to register job handlers). */
    beforeStart?: (moduleRef: TestingModule) => void;
  } = {},
): Promise<TestingModule> {
  const env = loadEnv({ ...process.env, ...options.env });
  const moduleRef = await Test.createTestingModule({ imports: [WorkerModule] })
    .overrideProvider(ENV)
    .useValue(env)
    .compile();
  options.beforeStart?.(moduleRef);
  await moduleRef.init();
  return moduleRef;
}

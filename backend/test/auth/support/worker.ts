import { Test, TestingModule } from '@nestjs/testing';
import { ENV } from '../../../src/config/config.module';
import { Env, loadEnv } from '../../../src/config/env.schema';
import { WorkerModule } from '../../../src/worker.module';

/** The worker process (outbox relay + notifications consumer) inside the test process. */
export async function startWorker(env: Partial<Record<keyof Env, string>>): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({ imports: [WorkerModule] })
    .overrideProvider(ENV)
    .useValue(loadEnv({ ...process.env, ...env }))
    .compile();
  await moduleRef.init();
  return moduleRef;
}

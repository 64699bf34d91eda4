import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import type { Env } from '../../src/config/env.schema';
import { createTestApp, type TestAppOptions } from '../app';
import { poolOf, startWorker } from './fixtures';
import { SmtpReceiver } from './smtp-receiver';

export type TestEnv = Partial<Record<keyof Env, string>>;

/** The API, the worker and a real SMTP receiver in the test process, sharing one environment. */
export interface TestStack {
  app: NestFastifyApplication;
  worker: TestingModule;
  smtp: SmtpReceiver;
  /** The API's pool on the run's database. */
  pool: Pool;
  /** The environment both processes started with (SMTP_URL included). */
  env: TestEnv;
  http: () => ReturnType<typeof request>;
  /** Stops the worker, then the API, then the SMTP receiver. */
  close: () => Promise<void>;
}

/**
 * Starts what a suite needs to follow a request to the mail it causes: an SMTP receiver, the API and the worker
 * (outbox relay, queue consumers, crons) with the same `env` plus `SMTP_URL` pointing at the receiver.
 * Call `close()` in afterAll.
 */
export async function startStack(
  env: TestEnv = {},
  options: Pick<TestAppOptions, 'customize'> = {},
): Promise<TestStack> {
  const smtp = await SmtpReceiver.start();
  const stackEnv: TestEnv = { ...env, SMTP_URL: smtp.url };
  const app = await createTestApp({ env: stackEnv, customize: options.customize });
  const worker = await startWorker(stackEnv);
  return {
    app,
    worker,
    smtp,
    pool: poolOf(app),
    env: stackEnv,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await worker.close();
      await app.close();
      await smtp.stop();
    },
  };
}

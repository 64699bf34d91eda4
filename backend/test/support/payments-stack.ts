import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { poolOf, startWorker } from './fixtures';
import { SmtpReceiver } from './smtp-receiver';
import type { TestEnv } from './stack';
import { startStripeFake, type StripeFake } from './stripe-fake';
import { connectFake } from './stripe-fake-connect';
import { paymentsFake } from './stripe-fake-payments';

/** What a paid-consultation suite runs against: the API, the worker, the Stripe fake and a real SMTP receiver. */
export interface PaymentsStack {
  app: NestFastifyApplication;
  worker: TestingModule;
  fake: StripeFake;
  smtp: SmtpReceiver;
  /** The API's pool on the run's database. */
  pool: Pool;
  /** The environment the API and the worker both started with. */
  env: TestEnv;
  http: () => ReturnType<typeof request>;
  /** Stops the worker, the API, the fake and the SMTP receiver, in that order. */
  close: () => Promise<void>;
}

/**
 * Starts the payments stack of a suite: the loopback Stripe fake (payments and Connect parts) that the real
 * `stripe` SDK talks to, the API listening on a free port (the fake posts its webhooks there), and the worker
 * (settlement, fee notes, mails) with the same environment. `secretKey`/`webhookSecret` name the suite's keys;
 * `env` adds to the environment (SECTOR, QUEUE_PREFIX…). Call `close()` in afterAll.
 */
export async function startPaymentsStack(options: {
  secretKey: string;
  webhookSecret: string;
  env?: TestEnv;
}): Promise<PaymentsStack> {
  const smtp = await SmtpReceiver.start();
  const fake = await startStripeFake({
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    prices: [],
    payments: paymentsFake,
    connect: connectFake,
  });
  const env: TestEnv = {
    ...options.env,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://rdv.example',
    STRIPE_SECRET_KEY: options.secretKey,
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STRIPE_PRICE_INTRO: 'price_intro_test',
    STRIPE_PRICE_STANDARD: 'price_standard_test',
    STRIPE_API_URL: fake.apiUrl,
  };
  const app = await createTestApp({ env });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  fake.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/billing/stripe/webhook`);
  const worker = await startWorker(env);
  return {
    app,
    worker,
    fake,
    smtp,
    pool: poolOf(app),
    env,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await worker.close();
      await app.close();
      await fake.stop();
      await smtp.close();
    },
  };
}

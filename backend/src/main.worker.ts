import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { checkDatabaseOrExit, loadEnvOrExit } from './config/preflight';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  await checkDatabaseOrExit(env.DATABASE_URL);
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  app.get(Logger).log('worker started: outbox relay and notifications consumer running');
}

void main();

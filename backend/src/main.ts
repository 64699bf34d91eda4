import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { createFastifyAdapter, configureApp } from './bootstrap';
import { checkDatabaseOrExit, loadEnvOrExit } from './config/preflight';

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  await checkDatabaseOrExit(env.DATABASE_URL);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createFastifyAdapter(), { bufferLogs: true });
  await configureApp(app);
  await app.listen({ port: env.PORT, host: '0.0.0.0' });
}

void main();

import { Module } from '@nestjs/common';
import { IdempotencyCleanupScheduler } from './idempotency-cleanup.scheduler';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';

/** Import in a module whose controllers use `@Idempotent(...)`. */
@Module({
  providers: [IdempotencyInterceptor, IdempotencyRepository],
  exports: [IdempotencyInterceptor, IdempotencyRepository],
})
export class IdempotencyModule {}

/** Worker side: the hourly clean-up of expired answers. Import only in WorkerModule. */
@Module({
  providers: [IdempotencyCleanupScheduler, IdempotencyRepository],
  exports: [IdempotencyCleanupScheduler],
})
export class IdempotencyWorkerModule {}

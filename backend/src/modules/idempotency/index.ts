// Public surface of the idempotency module: other modules import from '../idempotency' only (eslint enforces it).
// HTTP idempotency (Idempotency-Key) for POST operations, recorded in the transaction of the request's writes.
export { Idempotent } from './idempotent.decorator';
export { IdempotencyModule, IdempotencyWorkerModule } from './idempotency.module';
export { IdempotencyCleanupScheduler } from './idempotency-cleanup.scheduler';
export { idempotencyLookup, type IdempotencyLookup } from './idempotent-unit';

// Public surface of the outbox module: other modules import from '../outbox' only (eslint enforces it).
// Transactional outbox: events written with the change, relayed to the queues.
export { OutboxModule } from './outbox.module';
export { OutboxService, type EnqueueRequest } from './outbox.service';
export type { OutboxInsertParts } from './outbox.repository';
export { OutboxRepository } from './outbox.repository';

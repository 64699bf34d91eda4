// Public surface of the outbox module: other modules import from '../outbox' only (eslint enforces it).
// Transactional outbox: events written with the change, relayed to the queues.
export { OutboxModule } from './outbox.module';
export { OutboxService } from './outbox.service';
export { OutboxRepository } from './outbox.repository';

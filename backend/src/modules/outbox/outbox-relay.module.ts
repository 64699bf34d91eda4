import { Module } from '@nestjs/common';
import { QueueModule } from '../../queue/queue.module';
import { OutboxModule } from './outbox.module';
import { OutboxRelay } from './outbox.relay';

/** Worker side of the outbox: the polling relay. Import only in WorkerModule. */
@Module({
  imports: [OutboxModule, QueueModule],
  providers: [OutboxRelay],
  exports: [OutboxRelay],
})
export class OutboxRelayModule {}

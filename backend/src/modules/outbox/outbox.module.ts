import { Module } from '@nestjs/common';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';

/** Import this module to write jobs in your transaction (`OutboxService.enqueue`). */
@Module({
  providers: [OutboxService, OutboxRepository],
  exports: [OutboxService, OutboxRepository],
})
export class OutboxModule {}

import { Module } from '@nestjs/common';
import { ProcessedJobsRepository } from './notifications.repository';
import { NotificationsProcessor } from './notifications.processor';

/** Worker side of notifications. Import only in WorkerModule. */
@Module({
  providers: [NotificationsProcessor, ProcessedJobsRepository],
  exports: [NotificationsProcessor],
})
export class NotificationsWorkerModule {}

import { Injectable } from '@nestjs/common';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { OutboxService } from '../outbox';
import { SYNC_JOB } from './calendar-sync.jobs';

/** Queues a sync of one calendar (a job, written through the outbox): after a choice, a reconnection or a push. */
@Injectable()
export class SyncQueue {
  constructor(
    private readonly outbox: OutboxService,
    @InjectDb() private readonly db: Database,
  ) {}

  enqueueSync(calendarId: string): Promise<number> {
    return this.outbox.enqueue(this.db, {
      queue: QUEUES.calendarSync,
      jobName: SYNC_JOB,
      payload: { calendarId },
    });
  }
}

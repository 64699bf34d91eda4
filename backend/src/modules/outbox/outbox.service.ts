import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import type { QueueName } from '../../queue/queue.constants';
import { OutboxRepository } from './outbox.repository';
import { currentTraceContext } from '../../observability/tracing';

export interface EnqueueRequest {
  queue: QueueName;
  jobName: string;
  payload: Record<string, unknown>;
}

/**
 * Writes a job into the outbox in the caller's transaction, so the job exists if and only if
 * the state change that implies it is committed. The worker's relay delivers it to BullMQ.
 *
 *   await db.transaction(async (tx) => {
 *     await bookingRepository.confirm(tx, id);
 *     await outbox.enqueue(tx, { queue: 'notifications', jobName: 'appointment.confirmed', payload: { id } });
 *   });
 */
@Injectable()
export class OutboxService {
  constructor(private readonly repository: OutboxRepository) {}

  /**
   * The request's trace context travels in the payload (`_trace`, W3C traceparent) to the job, where the worker
   * continues the same trace; nothing is added when tracing is off.
   */
  enqueue(tx: DbOrTx, request: EnqueueRequest): Promise<number> {
    const trace = currentTraceContext();
    const payload = Object.keys(trace).length ? { ...request.payload, _trace: trace } : request.payload;
    return this.repository.insert(tx, { ...request, payload });
  }
}

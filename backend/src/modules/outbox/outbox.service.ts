import { Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import type { QueueName } from '../../queue/queue.constants';
import { type OutboxInsertParts, type OutboxMessage, OutboxRepository } from './outbox.repository';
import { currentTraceContext } from '../../observability/tracing';

export interface EnqueueRequest {
  queue: QueueName;
  jobName: string;
  payload: Record<string, unknown>;
  /** Run the job no earlier than this (a BullMQ delayed job); default: as soon as it is relayed. */
  runAt?: Date;
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
/** Payload key of a job's earliest run (the relay turns it into BullMQ's `delay`). */
export const RUN_AT = '_runAt';

/** BullMQ's delay for a payload: what is left until its `_runAt` when it is relayed (0 once passed). */
export function delayOf(payload: Record<string, unknown>, now = Date.now()): number {
  const at = typeof payload[RUN_AT] === 'string' ? Date.parse(payload[RUN_AT]) : NaN;
  return Number.isFinite(at) ? Math.max(0, at - now) : 0;
}

@Injectable()
export class OutboxService {
  constructor(private readonly repository: OutboxRepository) {}

  /**
   * The request's trace context travels in the payload (`_trace`, W3C traceparent) to the job, where the worker
   * continues the same trace; nothing is added when tracing is off.
   */
  enqueue(tx: DbOrTx, request: EnqueueRequest): Promise<number> {
    return this.repository.insert(tx, this.message(request));
  }

  /** Several jobs of one change, in one statement (one round trip). */
  async enqueueAll(tx: DbOrTx, requests: EnqueueRequest[]): Promise<void> {
    if (requests.length === 0) return;
    await this.repository.insertAll(
      tx,
      requests.map((r) => this.message(r)),
    );
  }

  /**
   * The jobs as parts of the caller's own write statement (one round trip with it), inserted when `when` holds:
   * see `OutboxRepository.insertParts`.
   */
  insertParts(requests: EnqueueRequest[], when: SQL): OutboxInsertParts {
    return this.repository.insertParts(
      requests.map((r) => this.message(r)),
      when,
    );
  }

  private message(request: EnqueueRequest): OutboxMessage {
    const trace = currentTraceContext();
    const payload = {
      ...request.payload,
      ...(Object.keys(trace).length ? { _trace: trace } : {}),
      ...(request.runAt ? { [RUN_AT]: request.runAt.toISOString() } : {}),
    };
    return { queue: request.queue, jobName: request.jobName, payload };
  }
}

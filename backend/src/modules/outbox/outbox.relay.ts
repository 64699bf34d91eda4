import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { withTimeout } from '../../common/timeout';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUE_NAMES, QueueName } from '../../queue/queue.constants';
import { QueueRegistry } from '../../queue/queue.registry';
import { OutboxRepository, OutboxRow } from './outbox.repository';

export const RELAY_INTERVAL_MS = 500;
const BATCH_SIZE = 100;
const ADD_TIMEOUT_MS = 3_000;

/** BullMQ job id of an outbox row: BullMQ ignores a second add with the same id. */
/**
 * BullMQ job id of an outbox row: the same row always maps to the same id (BullMQ drops a second add),
 * and the creation instant keeps ids unique across databases: a recreated or restored database
 * restarts `outbox.id` at 1, while BullMQ keeps completed jobs for a day and would silently drop a
 * new row whose plain `outbox-<id>` it had already seen.
 */
export const outboxJobId = (row: { id: number; createdAt: Date }) =>
  `outbox-${row.id}-${row.createdAt.getTime()}`;

/**
 * Moves committed outbox rows into BullMQ (worker process). Rows are claimed with
 * FOR UPDATE SKIP LOCKED, added with jobId `outbox-<id>-<created ms>` and marked sent in the same
 * transaction. When Redis is down the rows stay unsent and are delivered after recovery. Behind Sentinel a
 * row is marked sent only once a replica has its job, so a failover right after the add loses none.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly repository: OutboxRepository,
    private readonly queues: QueueRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayOnce();
      this.running
        .catch((error: unknown) =>
          this.logger.warn(`Outbox relay failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .then((count) => this.schedule(count === BATCH_SIZE ? 0 : RELAY_INTERVAL_MS))
        .catch(() => undefined);
    }, delay);
  }

  /** One pass: returns how many rows were delivered. Safe to run concurrently with other relays. */
  relayOnce(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await this.repository.claimUnsent(tx, BATCH_SIZE);
      if (rows.length === 0) return 0;
      const byQueue = new Map<string, OutboxRow[]>();
      for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
      let delivered = 0;
      for (const [queueName, queueRows] of byQueue) {
        const ids = queueRows.map((row) => row.id);
        if (!QUEUE_NAMES.includes(queueName as QueueName)) {
          await this.repository.markFailed(tx, ids, `Unknown queue ${queueName}`);
          continue;
        }
        try {
          const queue = this.queues.get(queueName as QueueName);
          await withTimeout(
            queue.addBulk(
              queueRows.map((row) => ({
                name: row.jobName,
                data: row.payload,
                opts: { jobId: outboxJobId(row) },
              })),
            ),
            ADD_TIMEOUT_MS,
            `Redis did not accept the jobs within ${ADD_TIMEOUT_MS} ms`,
          );
          await withTimeout(
            this.queues.confirmReplicated(queue),
            ADD_TIMEOUT_MS,
            `Redis did not replicate the jobs within ${ADD_TIMEOUT_MS} ms`,
          );
          await this.repository.markSent(tx, ids);
          delivered += ids.length;
        } catch (error) {
          // Keep the rows unsent: a later pass re-adds them with the same job ids (no duplicates).
          await this.repository.markFailed(tx, ids, error instanceof Error ? error.message : String(error));
        }
      }
      return delivered;
    });
  }
}

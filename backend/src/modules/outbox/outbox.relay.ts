import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { withTimeout } from '../../common/timeout';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUE_NAMES, QueueName } from '../../queue/queue.constants';
import { QueueRegistry } from '../../queue/queue.registry';
import { OUTBOX_CHANNEL, OutboxRepository, OutboxRow } from './outbox.repository';
import { delayOf } from './outbox.service';
import { setOutboxProbe } from '../../observability/metrics';

/** The relay counts as alive while its passes keep coming (each at most RELAY_INTERVAL_MS apart, plus the pass). */
const RELAY_ALIVE_MS = 30_000;

/** The polling fallback: rows are found this often even when no notification arrives (listener down). */
export const RELAY_INTERVAL_MS = 500;
const BATCH_SIZE = 100;
const ADD_TIMEOUT_MS = 3_000;
/** Delay before the listener connects again after losing its connection. */
const LISTEN_RETRY_MS = 2_000;

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
 *
 * When a pass runs: the insert of a row notifies OUTBOX_CHANNEL (delivered at its commit); a dedicated
 * connection LISTENs and starts a pass at once (commit-to-mail time), instead of up to
 * RELAY_INTERVAL_MS later. Polling stays as the fallback (listener reconnecting, a notification lost with its
 * connection). Notifications only decide *when* a pass runs: which rows it takes, and that each is added once,
 * is still the claim's row lock and the job id, so several relays may listen at once.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** A notification arrived while a pass was running: run the next one at once. */
  private woken = false;
  private stopped = true;
  private listener: Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  /** End of the last pass, delivered or failed: the worker's readiness tells a wedged relay by it. */
  private lastPassAt = 0;

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly repository: OutboxRepository,
    private readonly queues: QueueRegistry,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    setOutboxProbe(() => this.repository.backlog(this.db));
    this.start();
  }

  /** Running, and a pass ended within RELAY_ALIVE_MS (for the worker's health endpoint). */
  get alive(): boolean {
    return !this.stopped && Date.now() - this.lastPassAt < RELAY_ALIVE_MS;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
    void this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.listenRetry) clearTimeout(this.listenRetry);
    this.listenRetry = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  /** A row was committed: run a pass now, or right after the one running. */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.woken = false;
      const pass = this.relayOnce();
      this.running = pass;
      pass
        .then(
          (count) => (count === BATCH_SIZE || this.woken ? 0 : RELAY_INTERVAL_MS),
          (error: unknown) => {
            this.logger.warn(
              `Outbox relay failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            // Failing (database or Redis down): back to the polling pace, whatever the notifications say.
            return RELAY_INTERVAL_MS;
          },
        )
        .then((delay) => {
          this.running = undefined;
          this.lastPassAt = Date.now();
          this.schedule(delay);
        })
        .catch(() => undefined);
    }, delay);
  }

  /**
   * LISTEN on a connection of its own (a pooled one would be handed to other queries). On connection loss it
   * connects again after LISTEN_RETRY_MS; meanwhile, and after, the polling fallback keeps delivering.
   */
  private async listen(): Promise<void> {
    if (this.stopped || this.listener || this.env.OUTBOX_POLL_ONLY) return;
    const client = new Client({ connectionString: this.env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.listenRetry = setTimeout(() => void this.listen(), LISTEN_RETRY_MS);
    };
    client.on('notification', () => this.wake());
    client.on('error', onLost);
    client.on('end', onLost);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.stopped) await client.end();
      // Rows committed before the LISTEN took effect notified nobody: one pass picks them up.
      else this.wake();
    } catch (error) {
      if (!this.stopped)
        this.logger.warn(
          `Outbox listener not connected (polling every ${RELAY_INTERVAL_MS} ms meanwhile): ${error instanceof Error ? error.message : String(error)}`,
        );
      onLost();
    }
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
                opts: { jobId: outboxJobId(row), delay: delayOf(row.payload) },
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

import type { TestingModule } from '@nestjs/testing';
import { eq, sql } from 'drizzle-orm';
import { Client, type Notification } from 'pg';
import { ENV } from '../../src/config/config.module';
import type { Env } from '../../src/config/env.schema';
import { DRIZZLE } from '../../src/database/database.module';
import type { Database } from '../../src/database/database.types';
import { outbox, processedJobs } from '../../src/database/schema';
import { NotificationsProcessor } from '../../src/modules/notifications/notifications.processor';
import { OutboxRelay, outboxJobId } from '../../src/modules/outbox/outbox.relay';
import { OUTBOX_CHANNEL } from '../../src/modules/outbox/outbox.repository';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { QUEUES } from '../../src/queue/queue.constants';
import { QueueRegistry } from '../../src/queue/queue.registry';
import { createTestWorker } from '../worker';

const JOB = 'test.outbox-effect';

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function outboxRow(db: Database, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

describe('outbox -> BullMQ -> notifications worker', () => {
  let worker: TestingModule;
  let db: Database;
  /** Effects applied by the handler, by payload tag (the handler runs inside the job's transaction). */
  const effects: string[] = [];

  beforeAll(async () => {
    worker = await createTestWorker({
      beforeStart: (moduleRef) =>
        moduleRef.get(NotificationsProcessor).register(JOB, async (tx, payload) => {
          await tx.execute(sql`SELECT 1`);
          effects.push(String(payload.tag));
        }),
    });
    db = worker.get<Database>(DRIZZLE);
  });
  afterAll(async () => {
    await worker?.close();
  });

  const count = (tag: string) => effects.filter((effect) => effect === tag).length;

  it('delivers a committed row exactly once, even when relays race and the job is added twice', async () => {
    const outboxService = worker.get(OutboxService);
    const relay = worker.get(OutboxRelay);
    const id = await db.transaction((tx) =>
      outboxService.enqueue(tx, { queue: QUEUES.notifications, jobName: JOB, payload: { tag: 'once' } }),
    );

    // Two extra relay passes racing with the polling relay: SKIP LOCKED + jobId dedupe.
    await Promise.all([relay.relayOnce(), relay.relayOnce()]);
    await waitFor(async () => count('once') === 1);
    const row = await outboxRow(db, id);
    expect(row.sentAt).toBeInstanceOf(Date);

    // Adding the same job again is ignored by BullMQ (same job id).
    const queue = worker.get(QueueRegistry).get(QUEUES.notifications);
    await queue.add(JOB, { tag: 'once' }, { jobId: outboxJobId(row) });
    await relay.relayOnce();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(count('once')).toBe(1);

    const [key] = await db
      .select()
      .from(processedJobs)
      .where(eq(processedJobs.jobKey, `${QUEUES.notifications}:${outboxJobId(row)}`));
    expect(key).toBeDefined();
  });

  it('does not apply the effect twice when a job is delivered again after the relay lost track of it', async () => {
    const outboxService = worker.get(OutboxService);
    const relay = worker.get(OutboxRelay);
    const queue = worker.get(QueueRegistry).get(QUEUES.notifications);
    const id = await db.transaction((tx) =>
      outboxService.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: JOB,
        payload: { tag: 'redelivered' },
      }),
    );
    await waitFor(async () => count('redelivered') === 1);
    const jobId = outboxJobId(await outboxRow(db, id));
    await waitFor(async () => (await queue.getJobState(jobId)) === 'completed');

    // Simulate a crash between "added to BullMQ" and "marked sent", after BullMQ dropped the completed job.
    await (await queue.getJob(jobId))!.remove();
    await db.update(outbox).set({ sentAt: null }).where(eq(outbox.id, id));
    await relay.relayOnce();
    await waitFor(async () => (await queue.getJobState(jobId)) === 'completed');
    const redelivered = await queue.getJob(jobId);
    expect(redelivered?.returnvalue).toBe('duplicate');
    expect(count('redelivered')).toBe(1);
    expect((await outboxRow(db, id)).sentAt).toBeInstanceOf(Date);
  });

  it('delivers the rows of a recreated database although their ids were already used with this Redis', async () => {
    const outboxService = worker.get(OutboxService);
    const enqueue = (tag: string) =>
      db.transaction((tx) =>
        outboxService.enqueue(tx, { queue: QUEUES.notifications, jobName: JOB, payload: { tag } }),
      );
    const first = await enqueue('before-reset');
    await waitFor(async () => count('before-reset') === 1);
    await waitFor(async () => (await outboxRow(db, first)).sentAt !== null);

    // What a dropped and recreated (or restored) database looks like: the same outbox id again,
    // while BullMQ still holds the completed job of the first row.
    await db.delete(outbox).where(eq(outbox.id, first));
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('outbox', 'id'), ${first}, false)`);
    const second = await enqueue('after-reset');
    expect(second).toBe(first);
    await waitFor(async () => count('after-reset') === 1);
  });

  it('wakes the relay when a row commits (NOTIFY from the insert), never for a rolled-back one', async () => {
    const outboxService = worker.get(OutboxService);
    const listener = new Client({ connectionString: worker.get<Env>(ENV).DATABASE_URL });
    const received: Notification[] = [];
    listener.on('notification', (notification) => received.push(notification));
    await listener.connect();
    try {
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      await expect(
        db.transaction(async (tx) => {
          await outboxService.enqueue(tx, {
            queue: QUEUES.notifications,
            jobName: JOB,
            payload: { tag: 'n-1' },
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // Two rows in one transaction: one wake-up (PostgreSQL folds identical notifications of a transaction).
      await db.transaction(async (tx) => {
        for (const tag of ['n-2', 'n-3'])
          await outboxService.enqueue(tx, { queue: QUEUES.notifications, jobName: JOB, payload: { tag } });
      });
      await waitFor(async () => received.length > 0);
      // Notifications arrive in commit order: the rolled-back insert, sent first, would be here already.
      expect(received).toHaveLength(1);
      expect(received[0].channel).toBe(OUTBOX_CHANNEL);
      await waitFor(async () => count('n-2') === 1 && count('n-3') === 1);
      expect(count('n-1')).toBe(0);
    } finally {
      await listener.end();
    }
  });

  it('keeps delivering when the relay loses its listening connection, and listens again', async () => {
    const outboxService = worker.get(OutboxService);
    const listening = sql`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND query = ${`LISTEN ${OUTBOX_CHANNEL}`} AND pid <> pg_backend_pid()`;
    const before = await waitFor(async () => (await db.execute<{ pid: number }>(listening)).rows);
    await db.execute(sql`SELECT pg_terminate_backend(${before[0].pid})`);
    await db.transaction((tx) =>
      outboxService.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: JOB,
        payload: { tag: 'listener-lost' },
      }),
    );
    await waitFor(async () => count('listener-lost') === 1);
    const after = await waitFor(async () => {
      const { rows } = await db.execute<{ pid: number }>(listening);
      return rows.some((row) => row.pid !== before[0].pid) && rows;
    });
    expect(after.map((row) => row.pid)).not.toContain(before[0].pid);
  });

  it('never delivers a job whose transaction rolled back', async () => {
    const outboxService = worker.get(OutboxService);
    await expect(
      db.transaction(async (tx) => {
        await outboxService.enqueue(tx, {
          queue: QUEUES.notifications,
          jobName: JOB,
          payload: { tag: 'rolled-back' },
        });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await worker.get(OutboxRelay).relayOnce();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(count('rolled-back')).toBe(0);
  });
});

describe('outbox relay while Redis is down', () => {
  it('keeps rows unsent, then delivers them once Redis is reachable again', async () => {
    const down = await createTestWorker({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const db = down.get<Database>(DRIZZLE);
    let id: number;
    try {
      id = await db.transaction((tx) =>
        down
          .get(OutboxService)
          .enqueue(tx, { queue: QUEUES.notifications, jobName: JOB, payload: { tag: 'after-outage' } }),
      );
      const delivered = await down.get(OutboxRelay).relayOnce();
      expect(delivered).toBe(0);
      // The worker's own scheduled relay may hold the row (SKIP LOCKED) while it waits for Redis;
      // either pass records the failed attempt once it gives up.
      await waitFor(async () => (await outboxRow(db, id)).attempts >= 1);
      const row = await outboxRow(db, id);
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.lastError).toEqual(expect.any(String));
    } finally {
      await down.close();
    }

    const effects: string[] = [];
    const up = await createTestWorker({
      beforeStart: (moduleRef) =>
        moduleRef.get(NotificationsProcessor).register(JOB, async (_tx, payload) => {
          effects.push(String(payload.tag));
        }),
    });
    try {
      const upDb = up.get<Database>(DRIZZLE);
      await waitFor(async () => (await outboxRow(upDb, id)).sentAt !== null);
      await waitFor(async () => effects.includes('after-outage'));
      expect(effects.filter((tag) => tag === 'after-outage')).toHaveLength(1);
    } finally {
      await up.close();
    }
  }, 60_000);
});

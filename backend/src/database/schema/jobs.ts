import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: a state change and the job it implies are written in the same
 * transaction; the relay (worker process) moves unsent rows into BullMQ.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    jobName: text('job_name').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

/** Keys of jobs whose effect has been applied: makes retried / duplicated jobs no-ops. */
export const processedJobs = pgTable('processed_jobs', {
  jobKey: text('job_key').primaryKey(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

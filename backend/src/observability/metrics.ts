import type { Worker } from 'bullmq';
import type { Pool } from 'pg';
import { reportError } from './error-tracking';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of the API and the worker, one registry per process, served on the side port
 * (METRICS_PORT, see ops-server.ts), never on the public one. Names follow Prometheus conventions
 * (`rdv_` prefix, base units, `_total` counters); labels carry only bounded vocabularies (route templates,
 * status codes, queue names, providers, outcomes): never an id, an address, a name or a token.
 *
 * The alert rules and the dashboard in deploy/monitoring use these names: deploy/monitoring/check.mjs fails
 * when they name a metric this file (or the gateway's) does not export.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpRequestDuration = new Histogram({
  name: 'rdv_http_request_duration_seconds',
  help: 'API requests by route template, method and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const bookingsTotal = new Counter({
  name: 'rdv_bookings_total',
  help: 'Appointments created (online or by hand), validated and refused',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const calendarSyncsTotal = new Counter({
  name: 'rdv_calendar_syncs_total',
  help: 'Calendar syncs by provider and outcome (ok, error)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

export const mailsTotal = new Counter({
  name: 'rdv_mails_total',
  help: 'Mails handed to the SMTP relay (sent) or refused by it (failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const smsTotal = new Counter({
  name: 'rdv_sms_total',
  help: 'Text messages handed to the SMS provider (sent) or refused by it (failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const jobsTotal = new Counter({
  name: 'rdv_jobs_total',
  help: 'Queue jobs run by this worker, by queue and outcome (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const lastJobSuccess = new Gauge({
  name: 'rdv_worker_last_job_success_timestamp_seconds',
  help: 'Unix time of the last job this worker completed',
  registers: [registry],
});

let lastJobSucceededAt: Date | undefined;
/** When this worker last completed a job (its health endpoint reports it), undefined before the first. */
export const lastJobSucceeded = (): Date | undefined => lastJobSucceededAt;

/** Counts a BullMQ worker's completed and failed jobs (a failed attempt that BullMQ will retry counts too). */
export function observeJobs(worker: Worker, queue: string): void {
  worker.on('completed', () => {
    jobsTotal.inc({ queue, outcome: 'completed' });
    lastJobSucceededAt = new Date();
    lastJobSuccess.set(lastJobSucceededAt.getTime() / 1000);
  });
  worker.on('failed', (_job, error) => {
    jobsTotal.inc({ queue, outcome: 'failed' });
    reportError(error, { queue });
  });
}

// ---- gauges read at scrape time -------------------------------------------------------------------------------

const pools = new Map<string, Pool>();
/** Counts a pg pool's connections in the scrape (primary, replica). */
export function observePool(name: string, pool: Pool): void {
  pools.set(name, pool);
}

new Gauge({
  name: 'rdv_db_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, idle)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
    }
  },
});

new Gauge({
  name: 'rdv_db_pool_waiting_requests',
  help: 'Queries waiting for a PostgreSQL pool connection',
  labelNames: ['pool'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) this.set({ pool: name }, pool.waitingCount);
  },
});

export interface OutboxBacklog {
  unsent: number;
  oldestAgeSeconds: number;
}
export interface QueueCounts {
  queue: string;
  counts: Record<string, number>;
}
/** Filled by the worker (outbox relay, queues): the API process does not export these gauges. */
const scrapeProbes: {
  outbox?: () => Promise<OutboxBacklog>;
  queues?: () => Promise<QueueCounts[]>;
  calendarConnections?: () => Promise<{ provider: string; status: string; count: number }[]>;
} = {};
export function setCalendarConnectionsProbe(
  probe: () => Promise<{ provider: string; status: string; count: number }[]>,
): void {
  scrapeProbes.calendarConnections = probe;
}
export function setOutboxProbe(probe: () => Promise<OutboxBacklog>): void {
  // Two gauges read the same query: one run per scrape (results kept for a second).
  let last: { at: number; result: Promise<OutboxBacklog> } | undefined;
  scrapeProbes.outbox = () => {
    if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), result: probe() };
    return last.result;
  };
}
export function setQueueProbe(probe: () => Promise<QueueCounts[]>): void {
  scrapeProbes.queues = probe;
}

new Gauge({
  name: 'rdv_outbox_oldest_unsent_age_seconds',
  help: 'Age of the oldest outbox row not yet moved to its queue (0 when none)',
  registers: [registry],
  async collect() {
    if (!scrapeProbes.outbox) return;
    this.set((await scrapeProbes.outbox()).oldestAgeSeconds);
  },
});

new Gauge({
  name: 'rdv_outbox_unsent_rows',
  help: 'Outbox rows not yet moved to their queue',
  registers: [registry],
  async collect() {
    if (!scrapeProbes.outbox) return;
    this.set((await scrapeProbes.outbox()).unsent);
  },
});

new Gauge({
  name: 'rdv_queue_jobs',
  help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    if (!scrapeProbes.queues) return;
    this.reset();
    for (const { queue, counts } of await scrapeProbes.queues())
      for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
  },
});

/** Counts an operation's outcome: `sent` when it resolves, `failed` (and rethrows) when it rejects. */
export async function countOutcome<T>(counter: Counter<'outcome'>, operation: () => Promise<T>): Promise<T> {
  try {
    const result = await operation();
    counter.inc({ outcome: 'sent' });
    return result;
  } catch (error) {
    counter.inc({ outcome: 'failed' });
    throw error;
  }
}

new Gauge({
  name: 'rdv_calendar_connections',
  help: 'Connected calendar accounts by provider and status (active, needs_reauth, error)',
  labelNames: ['provider', 'status'] as const,
  registers: [registry],
  async collect() {
    if (!scrapeProbes.calendarConnections) return;
    this.reset();
    for (const { provider, status, count } of await scrapeProbes.calendarConnections())
      this.set({ provider, status }, count);
  },
});

import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUE_NAMES, type QueueName } from '../../queue/queue.constants';
import { QueueRegistry } from '../../queue/queue.registry';
import { AuditService } from '../audit';
import { AdminListQueryDto, parseAdminList } from '../../common/admin-list';
import { type AdminJobDto, JOB_STATES, type JobState } from './queues.dto';

const notFound = () => new NotFoundError('JOB_NOT_FOUND', 'Tâche introuvable');

function parseId(id: string): { queue: QueueName; jobId: string } {
  const index = id.indexOf(':');
  const queue = id.slice(0, index) as QueueName;
  const jobId = id.slice(index + 1);
  if (index < 1 || !QUEUE_NAMES.includes(queue) || !jobId || jobId.length > 200) throw notFound();
  return { queue, jobId };
}

async function toDto(queue: QueueName, job: Job, state?: JobState): Promise<AdminJobDto> {
  const current = state ?? ((await job.getState()) as JobState);
  return {
    id: `${queue}:${job.id}`,
    queue,
    jobId: String(job.id),
    name: job.name,
    state: (JOB_STATES as readonly string[]).includes(current) ? current : 'waiting',
    attemptsMade: job.attemptsMade,
    failedReason: job.failedReason || null,
    data: (job.data ?? {}) as Record<string, unknown>,
    createdAt: job.timestamp ? new Date(job.timestamp).toISOString() : null,
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

/** BullMQ queues for administrators: waiting / failed jobs, retry of a failed one. */
@Injectable()
export class QueuesService {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly audit: AuditService,
    @InjectDb() private readonly db: Database,
  ) {}

  async list(query: AdminListQueryDto): Promise<{ rows: AdminJobDto[]; offset: number; total: number }> {
    const params = parseAdminList(query, ['createdAt'] as const, 'createdAt');
    const queue = (params.filter.queue ?? 'notifications') as QueueName;
    const state = (params.filter.state ?? 'failed') as JobState;
    if (!QUEUE_NAMES.includes(queue)) throw new DomainError('VALIDATION_FAILED', 'File inconnue', 400);
    if (!JOB_STATES.includes(state)) throw new DomainError('VALIDATION_FAILED', 'État de tâche inconnu', 400);
    const bull = this.queues.get(queue);
    const asc = params.order === 'ASC' && !!query.sort;
    const [jobs, counts] = await Promise.all([
      bull.getJobs([state], params.offset, params.offset + params.limit - 1, asc),
      bull.getJobCounts(state),
    ]);
    const rows = await Promise.all(jobs.filter(Boolean).map((job) => toDto(queue, job, state)));
    return { rows, offset: params.offset, total: counts[state] ?? rows.length };
  }

  async get(id: string): Promise<AdminJobDto> {
    const { queue, jobId } = parseId(id);
    const job = await this.queues.get(queue).getJob(jobId);
    if (!job) throw notFound();
    return toDto(queue, job);
  }

  async retry(adminId: string, id: string): Promise<AdminJobDto> {
    const { queue, jobId } = parseId(id);
    const job = await this.queues.get(queue).getJob(jobId);
    if (!job) throw notFound();
    const before = await toDto(queue, job);
    if (before.state !== 'failed')
      throw new ConflictError('JOB_NOT_FAILED', 'Seule une tâche en échec peut être relancée');
    await job.retry('failed');
    const after = await toDto(queue, job);
    await this.audit.record(this.db, {
      adminId,
      action: 'retry',
      resource: 'jobs',
      resourceId: id,
      before: { state: before.state, failedReason: before.failedReason },
      after: { state: after.state },
    });
    return after;
  }
}

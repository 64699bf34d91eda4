import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '../../queue/queue.constants';
import { QueueRegistry } from '../../queue/queue.registry';
import type { AdminDashboardDto } from './dashboard.dto';
import { DashboardRepository } from './dashboard.repository';

const DAYS = 30;

@Injectable()
export class DashboardService {
  private readonly logger = new Logger(DashboardService.name);

  constructor(
    private readonly repository: DashboardRepository,
    private readonly queues: QueueRegistry,
  ) {}

  async figures(): Promise<AdminDashboardDto> {
    const [bookingsPerDay, counts, failedNotificationJobs] = await Promise.all([
      this.repository.bookingsPerDay(DAYS),
      this.repository.counts(DAYS),
      this.failedJobs(),
    ]);
    return { bookingsPerDay, ...counts, failedNotificationJobs };
  }

  private async failedJobs(): Promise<number | null> {
    try {
      const counts = await Promise.race([
        this.queues.get(QUEUES.notifications).getJobCounts('failed'),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('Redis timeout')), 2_000).unref(),
        ),
      ]);
      return counts.failed ?? 0;
    } catch (error) {
      this.logger.warn(`failed jobs count: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '../../queue/queue.constants';
import { QueueRegistry } from '../../queue/queue.registry';
import type { AdminDashboardDto } from './dashboard.dto';
import { type BookingDayRow, DashboardRepository } from './dashboard.repository';

const DAYS = 30;

/**
 * How long the figures of the days before today are kept before they are read again in the background. They only
 * move when an appointment of those days changes again (its last change leaves that day), so a few minutes late at
 * most; today's figures are always read live.
 */
const PAST_DAYS_REFRESH_MS = 10 * 60_000;

@Injectable()
export class DashboardService {
  private readonly logger = new Logger(DashboardService.name);
  /** The 29 days before today, as of `today` (a Paris date): 30 days of appointments (340,000 at the market's size). */
  private pastDays: { today: string; readAt: number; rows: BookingDayRow[] } | null = null;
  private pastDaysRefresh: { today: string; rows: Promise<BookingDayRow[]> } | null = null;

  constructor(
    private readonly repository: DashboardRepository,
    private readonly queues: QueueRegistry,
  ) {}

  async figures(): Promise<AdminDashboardDto> {
    const [bookingsPerDay, counts, failedNotificationJobs] = await Promise.all([
      this.bookingsPerDay(),
      this.repository.counts(DAYS),
      this.failedJobs(),
    ]);
    return { bookingsPerDay, ...counts, failedNotificationJobs };
  }

  /**
   * Today live, the days before it from the last read of them: read again when the day changed (then waited for)
   * or when older than PAST_DAYS_REFRESH_MS (then in the background, the page answered with the previous read).
   */
  private async bookingsPerDay(): Promise<BookingDayRow[]> {
    const today = await this.repository.bookingsToday();
    const cached = this.pastDays;
    let past: BookingDayRow[];
    if (!cached || cached.today !== today.day) past = await this.readPastDays(today.day);
    else {
      if (Date.now() - cached.readAt > PAST_DAYS_REFRESH_MS)
        this.readPastDays(today.day).catch((error: unknown) =>
          this.logger.warn(`dashboard days: ${error instanceof Error ? error.message : String(error)}`),
        );
      past = cached.rows;
    }
    return [...past, today];
  }

  /** One read at a time per day, shared by the requests that wait for it. */
  private readPastDays(today: string): Promise<BookingDayRow[]> {
    if (this.pastDaysRefresh?.today === today) return this.pastDaysRefresh.rows;
    const refresh = {
      today,
      rows: this.repository.bookingsPerDay(DAYS - 1, 1).then((rows) => {
        this.pastDays = { today, readAt: Date.now(), rows };
        return rows;
      }),
    };
    this.pastDaysRefresh = refresh;
    const forget = () => {
      if (this.pastDaysRefresh === refresh) this.pastDaysRefresh = null;
    };
    refresh.rows.then(forget, forget);
    return refresh.rows;
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

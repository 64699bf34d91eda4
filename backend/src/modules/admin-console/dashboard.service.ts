import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '../../queue/queue.constants';
import { QueueRegistry } from '../../queue/queue.registry';
import type { AdminDashboardDto } from './dashboard.dto';
import { type BookingDayRow, DashboardRepository } from './dashboard.repository';

const DAYS = 30;

/**
 * How long the figures of the days before today are kept before they are read again in the background. They only
 * move when an appointment of those days changes again (its last change leaves that day), so a few minutes late at
 * most.
 */
const PAST_DAYS_REFRESH_MS = 10 * 60_000;

/**
 * The live figures (today's bookings, the old pending validations, the month's new professionals and clients, the
 * waiting requests, the calendars in error) are read at most once per this period and shared by every request of
 * the API process meanwhile; the answer says when they were read (`figuresAt`) and a request never gets a read older
 * than this. Each of them counts a set that grows with the market (56,000 old pending appointments and 80,000 new
 * professionals in the generated 80,000-professional market: 17 ms of counts, 16 times the 5,000 one's), so read
 * at each request they made every page view of every operator grow with the market; read once per period they cost
 * one read per period whatever the number of operators and reloads.
 */
export const LIVE_FIGURES_MAX_AGE_MS = 10_000;

type Counts = Awaited<ReturnType<DashboardRepository['counts']>>;

/** One read of the live figures, started at `readAt` (what they show is at least that recent). */
interface LiveFigures {
  readAt: number;
  today: BookingDayRow;
  counts: Counts;
}

@Injectable()
export class DashboardService {
  private readonly logger = new Logger(DashboardService.name);
  /** The 29 days before today, as of `today` (a Paris date): 30 days of appointments (340,000 at the market's size). */
  private pastDays: { today: string; readAt: number; rows: BookingDayRow[] } | null = null;
  private pastDaysRefresh: { today: string; rows: Promise<BookingDayRow[]> } | null = null;
  /** The last read of the live figures, or the one under way (shared by the requests that wait for it). */
  private live: { readAt: number; figures: Promise<LiveFigures> } | null = null;

  constructor(
    private readonly repository: DashboardRepository,
    private readonly queues: QueueRegistry,
  ) {}

  async figures(): Promise<AdminDashboardDto> {
    const [live, failedNotificationJobs] = await Promise.all([this.liveFigures(), this.failedJobs()]);
    const past = await this.daysBefore(live.today.day);
    return {
      bookingsPerDay: [...past, live.today],
      ...live.counts,
      failedNotificationJobs,
      figuresAt: new Date(live.readAt).toISOString(),
    };
  }

  /**
   * The live figures of a read started less than LIVE_FIGURES_MAX_AGE_MS ago, or a new read (waited for, one at a
   * time: the requests meanwhile share it). A failed read is forgotten, so the next request reads again.
   */
  private liveFigures(): Promise<LiveFigures> {
    const now = Date.now();
    if (this.live && now - this.live.readAt < LIVE_FIGURES_MAX_AGE_MS) return this.live.figures;
    const read = {
      readAt: now,
      figures: Promise.all([this.repository.bookingsToday(), this.repository.counts(DAYS)]).then(
        ([today, counts]) => ({ readAt: now, today, counts }),
      ),
    };
    this.live = read;
    read.figures.catch(() => {
      if (this.live === read) this.live = null;
    });
    return read.figures;
  }

  /**
   * The days before today from the last read of them: read again when the day changed (then waited for) or when
   * older than PAST_DAYS_REFRESH_MS (then in the background, the page answered with the previous read).
   */
  private async daysBefore(today: string): Promise<BookingDayRow[]> {
    const cached = this.pastDays;
    if (!cached || cached.today !== today) return this.readPastDays(today);
    if (Date.now() - cached.readAt > PAST_DAYS_REFRESH_MS)
      this.readPastDays(today).catch((error: unknown) =>
        this.logger.warn(`dashboard days: ${error instanceof Error ? error.message : String(error)}`),
      );
    return cached.rows;
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

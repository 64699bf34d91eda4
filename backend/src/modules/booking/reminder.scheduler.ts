import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import { BOOKING_NOTIFICATION_JOB } from '../notifications';
import { OutboxService } from '../outbox';
import { BookingRepository } from './booking.repository';

/** Reminders go out for confirmed appointments starting within this window ("the day before"). */
export const REMINDER_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Reminder cron (worker process, REMINDER_SCAN_CRON: every 5 minutes by default): each confirmed appointment
 * starting in the next 24 hours gets one `reminder` job (mail + SMS). The claim (see
 * `BookingRepository.claimDueReminders`) is inserted in the same transaction as the outbox row, which makes the
 * scan idempotent across runs and replicas (every worker replica scans at the same instants).
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReminderScheduler.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: BookingRepository,
    private readonly outbox: OutboxService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Registered like an `@Cron` job (stopped with the others on shutdown), on the configured schedule. */
  onApplicationBootstrap(): void {
    const job = CronJob.from({
      cronTime: this.env.REMINDER_SCAN_CRON,
      onTick: () => this.tick(),
      start: true,
    });
    this.scheduler.addCronJob('booking-reminders', job);
  }

  async tick(): Promise<void> {
    try {
      const count = await this.scan();
      if (count > 0) this.logger.log(`${count} reminder(s) enqueued`);
    } catch (error) {
      this.logger.warn(`reminder scan failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Enqueues the reminders due at `now`; returns how many were new. */
  scan(now = new Date()): Promise<number> {
    return this.transactions.run(async (tx) => {
      const due = await this.repository.claimDueReminders(
        tx,
        now,
        new Date(now.getTime() + REMINDER_WINDOW_MS),
      );
      for (const reminder of due) {
        await this.outbox.enqueue(tx, {
          queue: 'notifications',
          jobName: BOOKING_NOTIFICATION_JOB,
          payload: {
            event: 'reminder',
            appointmentId: reminder.appointmentId,
            startsAt: reminder.startsAt.toISOString(),
          },
        });
      }
      return due.length;
    });
  }
}

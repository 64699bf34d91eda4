import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { BOOKING_NOTIFICATION_JOB } from '../notifications';
import { OutboxService } from '../outbox';
import { BookingRepository } from './booking.repository';

/** Reminders go out for confirmed appointments starting within this window ("the day before"). */
export const REMINDER_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Reminder cron (worker process, every 5 minutes): each confirmed appointment starting in the next 24 hours
 * gets one `reminder` job (mail + SMS). The claim (see `BookingRepository.claimDueReminders`) is inserted in the
 * same transaction as the outbox row, which makes the scan idempotent across runs and replicas.
 */
@Injectable()
export class ReminderScheduler {
  private readonly logger = new Logger(ReminderScheduler.name);

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly repository: BookingRepository,
    private readonly outbox: OutboxService,
  ) {}

  @Cron('0 */5 * * * *', { name: 'booking-reminders' })
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
    return this.db.transaction(async (tx) => {
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

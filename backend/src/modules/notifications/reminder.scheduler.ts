import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { OutboxService } from '../outbox/outbox.service';
import { BOOKING_NOTIFICATION_JOB } from './booking-notification.types';

/** Reminders go out for confirmed appointments starting within this window ("the day before"). */
export const REMINDER_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Reminder cron (worker process, every 5 minutes): each confirmed appointment starting in the next 24 hours
 * gets one `reminder` job (mail + SMS). The (appointment, start) primary key of `appointment_reminders`,
 * inserted in the same transaction as the outbox row, makes the scan idempotent across runs and replicas;
 * a moved appointment gets a reminder for its new start.
 */
@Injectable()
export class ReminderScheduler {
  private readonly logger = new Logger(ReminderScheduler.name);

  constructor(
    @InjectDb() private readonly db: Database,
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
      const due = await tx.execute(sql`
        INSERT INTO appointment_reminders (appointment_id, starts_at)
        SELECT id, starts_at FROM appointments
        WHERE status = 'confirmed' AND starts_at > ${now.toISOString()}::timestamptz
          AND starts_at <= ${new Date(now.getTime() + REMINDER_WINDOW_MS).toISOString()}::timestamptz
        ON CONFLICT DO NOTHING
        RETURNING appointment_id, starts_at`);
      for (const row of due.rows as { appointment_id: string; starts_at: Date | string }[]) {
        await this.outbox.enqueue(tx, {
          queue: 'notifications',
          jobName: BOOKING_NOTIFICATION_JOB,
          payload: {
            event: 'reminder',
            appointmentId: row.appointment_id,
            startsAt: new Date(row.starts_at).toISOString(),
          },
        });
      }
      return due.rows.length;
    });
  }
}

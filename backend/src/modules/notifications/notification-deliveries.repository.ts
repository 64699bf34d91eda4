import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';

export type DeliveryChannel = 'mail' | 'sms' | 'chat';

export interface DeliveryIntent {
  dedupeKey: string;
  channel: DeliveryChannel;
  recipient: string;
  appointmentId?: string | null;
  templateKey?: string | null;
}

/** `send`: this worker holds the lease and must send; `sent`: already delivered; `leased`: another attempt is in flight. */
export type DeliveryClaim = 'send' | 'sent' | 'leased';

/**
 * The notification log. Every statement autocommits on the pool (never inside the job's transaction), so the
 * intent is durable before SMTP is contacted and a crashed attempt leaves a trace the next one can read.
 */
@Injectable()
export class NotificationDeliveriesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * Records the intent and takes a lease of `leaseMs`: a new key, or a `sending` row whose lease has run out
   * (its worker died or failed), is ours; a `sent` row or a running lease is not.
   */
  async claim(intent: DeliveryIntent, leaseMs: number): Promise<DeliveryClaim> {
    const claimed = await this.db.execute(sql`
      INSERT INTO notification_deliveries (dedupe_key, channel, recipient, appointment_id, template_key, status, lease_until, attempts)
      VALUES (${intent.dedupeKey}, ${intent.channel}, ${intent.recipient}, ${intent.appointmentId ?? null}, ${intent.templateKey ?? null},
              'sending', now() + ${leaseMs} * interval '1 millisecond', 1)
      ON CONFLICT (dedupe_key) DO UPDATE
        SET lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = notification_deliveries.attempts + 1
        WHERE notification_deliveries.status = 'sending' AND notification_deliveries.lease_until <= now()
      RETURNING id`);
    if (claimed.rows.length === 1) return 'send';
    const existing = await this.db.execute(
      sql`SELECT status FROM notification_deliveries WHERE dedupe_key = ${intent.dedupeKey}`,
    );
    return (existing.rows[0] as { status?: string } | undefined)?.status === 'sent' ? 'sent' : 'leased';
  }

  async markSent(
    dedupeKey: string,
    details: { messageId?: string | null; subject?: string | null },
  ): Promise<void> {
    await this.db.execute(sql`
      UPDATE notification_deliveries
      SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL,
          message_id = ${details.messageId ?? null}, subject = ${details.subject ?? null}
      WHERE dedupe_key = ${dedupeKey}`);
  }

  /** The send failed for sure (the provider refused it): release the lease so the job's retry may send at once. */
  async release(dedupeKey: string, error: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE notification_deliveries SET lease_until = now(), last_error = ${error.slice(0, 1_000)}
      WHERE dedupe_key = ${dedupeKey} AND status = 'sending'`);
  }
}

/** Thrown when another attempt holds the lease: the job fails and BullMQ retries it later. */
export class DeliveryInFlightError extends Error {
  constructor(dedupeKey: string) {
    super(`delivery ${dedupeKey} is in flight in another attempt; retry later`);
    this.name = 'DeliveryInFlightError';
  }
}

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
   * Records the intents and takes their leases of `leaseMs`, in one statement: a new key, or a `sending` row whose
   * lease has run out (its worker died or failed), is ours; a `sent` row or a running lease is not. The keys of
   * `intents` are distinct.
   */
  async claimAll(intents: readonly DeliveryIntent[], leaseMs: number): Promise<Map<string, DeliveryClaim>> {
    if (intents.length === 0) return new Map();
    const column = <K extends keyof DeliveryIntent>(key: K) => sql.param(intents.map((i) => i[key] ?? null));
    const claimed = await this.db.execute<{ dedupe_key: string }>(sql`
      INSERT INTO notification_deliveries (dedupe_key, channel, recipient, appointment_id, template_key, status, lease_until, attempts)
      SELECT i.dedupe_key, i.channel, i.recipient, i.appointment_id, i.template_key,
             'sending', now() + ${leaseMs} * interval '1 millisecond', 1
      FROM unnest(${column('dedupeKey')}::text[], ${column('channel')}::text[], ${column('recipient')}::text[],
                  ${column('appointmentId')}::uuid[], ${column('templateKey')}::text[])
        AS i(dedupe_key, channel, recipient, appointment_id, template_key)
      ON CONFLICT (dedupe_key) DO UPDATE
        SET lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = notification_deliveries.attempts + 1
        WHERE notification_deliveries.status = 'sending' AND notification_deliveries.lease_until <= now()
      RETURNING dedupe_key`);
    const claims = new Map<string, DeliveryClaim>(claimed.rows.map((row) => [row.dedupe_key, 'send']));
    const others = intents.map((i) => i.dedupeKey).filter((key) => !claims.has(key));
    if (others.length > 0) {
      // Already known: sent, or another attempt's lease is running (a retried job, the usual case for this read).
      const existing = await this.db.execute<{ dedupe_key: string; status: string }>(
        sql`SELECT dedupe_key, status FROM notification_deliveries WHERE dedupe_key = ANY(${sql.param(others)}::text[])`,
      );
      const sent = new Set(existing.rows.filter((row) => row.status === 'sent').map((row) => row.dedupe_key));
      for (const key of others) claims.set(key, sent.has(key) ? 'sent' : 'leased');
    }
    return claims;
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

import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';

export type DueAlert = {
  id: string;
  user_id: string;
  motive_id: string;
  before: Date | string;
};

export type AlertForMail = {
  id: string;
  email: string;
  /** The signed-in client's phone, only while it is verified. */
  sms_phone: string | null;
  user_uri: string;
  professional_name: string;
  motive_title: string;
  timezone: string;
};

@Injectable()
export class SlotAlertsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Whether clients can wait for a slot of this motive: an active motive of a listed professional booking online. */
  async bookableMotive(userId: string, motiveId: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`
      SELECT 1 FROM motives m JOIN users u ON u.id = m.user_id
      WHERE m.id = ${motiveId} AND m.user_id = ${userId} AND m.is_active AND u.is_public AND u.accepts_online_booking`);
    return rows.length > 0;
  }

  /** The motive the profile's next slots are of: the first active one. */
  async firstMotive(userId: string): Promise<string | undefined> {
    const { rows } = await this.db.execute<{ id: string }>(sql`
      SELECT id FROM motives WHERE user_id = ${userId} AND is_active ORDER BY position, created_at, id LIMIT 1`);
    return rows[0]?.id;
  }

  /**
   * The address's other alerts that count against its limit: active and unexpired, confirmed or still awaiting
   * their confirmation. Locks the address's rows so two concurrent subscriptions cannot both pass the limit.
   */
  async activeCountOf(
    tx: DbOrTx,
    email: string,
    userId: string,
    motiveId: string,
    now: Date,
    unconfirmedSince: Date,
  ): Promise<number> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`slot-alerts:${email}`}, 0))`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM slot_alerts
      WHERE email = ${email} AND cancelled_at IS NULL AND expires_at > ${now.toISOString()}
        AND (confirmed_at IS NOT NULL OR created_at > ${unconfirmedSince.toISOString()})
        AND NOT (user_id = ${userId} AND motive_id = ${motiveId})`);
    return rows[0]?.n ?? 0;
  }

  /**
   * One active alert per address, professional and motive: asking again moves its date. An alert still
   * unconfirmed starts its 48 hours again (a new confirmation mail goes); a confirmed one stays confirmed.
   */
  async upsert(
    tx: DbOrTx,
    alert: {
      userId: string;
      motiveId: string;
      email: string;
      attendeeId: string | null;
      before: Date;
      expiresAt: Date;
      now: Date;
    },
  ): Promise<string> {
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO slot_alerts (user_id, motive_id, email, attendee_id, before, expires_at, created_at)
      VALUES (${alert.userId}, ${alert.motiveId}, ${alert.email}, ${alert.attendeeId}, ${alert.before.toISOString()}, ${alert.expiresAt.toISOString()}, ${alert.now.toISOString()})
      ON CONFLICT (user_id, motive_id, email) WHERE cancelled_at IS NULL
      DO UPDATE SET before = excluded.before, expires_at = excluded.expires_at, last_checked_at = NULL,
        attendee_id = COALESCE(excluded.attendee_id, slot_alerts.attendee_id),
        created_at = CASE WHEN slot_alerts.confirmed_at IS NULL THEN excluded.created_at ELSE slot_alerts.created_at END
      RETURNING id`);
    return rows[0].id;
  }

  /** Confirms an alert from its mailed link: false when it is gone, cancelled or its 48 hours are over. */
  async confirm(id: string, now: Date, unconfirmedSince: Date): Promise<boolean> {
    const { rows } = await this.db.execute(sql`
      UPDATE slot_alerts SET confirmed_at = COALESCE(confirmed_at, ${now.toISOString()})
      WHERE id = ${id} AND cancelled_at IS NULL
        AND (confirmed_at IS NOT NULL OR created_at > ${unconfirmedSince.toISOString()})
      RETURNING id`);
    return rows.length === 1;
  }

  /** Alerts never confirmed within their 48 hours: the address did not ask for them, they go. */
  async purgeUnconfirmed(unconfirmedSince: Date): Promise<number> {
    const { rows } = await this.db.execute(sql`
      DELETE FROM slot_alerts WHERE confirmed_at IS NULL AND created_at <= ${unconfirmedSince.toISOString()}
      RETURNING id`);
    return rows.length;
  }

  /** The alert and what its confirmation mail names; `confirmed` tells a renewal from a first request. */
  async forConfirmation(
    id: string,
  ): Promise<
    | { id: string; email: string; confirmed: boolean; professional_name: string; motive_title: string }
    | undefined
  > {
    const { rows } = await this.db.execute<{
      id: string;
      email: string;
      confirmed: boolean;
      professional_name: string;
      motive_title: string;
    }>(sql`
      SELECT a.id, a.email, a.confirmed_at IS NOT NULL AS confirmed,
             concat_ws(' ', u.civility, u.first_name, u.last_name) AS professional_name, m.title AS motive_title
      FROM slot_alerts a JOIN users u ON u.id = a.user_id JOIN motives m ON m.id = a.motive_id
      WHERE a.id = ${id} AND a.cancelled_at IS NULL`);
    return rows[0];
  }

  /** The oldest marks "this professional's free slots may have grown" (written by triggers), at most `limit`. */
  async changeMarks(limit: number): Promise<Array<{ id: string; user_id: string }>> {
    const { rows } = await this.db.execute<{ id: string; user_id: string }>(sql`
      SELECT id::text, user_id FROM slot_availability_changes ORDER BY id LIMIT ${limit}`);
    return rows;
  }

  /** Forgets the marks a scan handled; marks written since (by changes committed during the scan) stay. */
  async forgetChangeMarks(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`DELETE FROM slot_availability_changes WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
  }

  /**
   * Picks the alerts of one scan run and stamps them checked (`last_checked_at`): every confirmed active alert of
   * the professionals in `changedUserIds`, the alerts never checked yet (newly confirmed or renewed, oldest first,
   * at most `fresh`) and the `sweep` longest unchecked others. Each picked alert brings the other alerts of its
   * professional and motive, so a freed slot still goes to the first who asked. Ended alerts are stamped
   * 'infinity' (nothing can make them fire): they leave the front of the sweep order for good. Returns the ones
   * that may be told now: unexpired, still in the future, not told in the last 24 hours.
   */
  async pickForCheck(
    now: Date,
    changedUserIds: string[],
    limits: { fresh: number; sweep: number },
  ): Promise<DueAlert[]> {
    const at = now.toISOString();
    const { rows } = await this.db.execute<DueAlert>(sql`
      WITH picked AS (
        SELECT user_id, motive_id FROM slot_alerts
        WHERE cancelled_at IS NULL AND confirmed_at IS NOT NULL
          AND user_id = ANY(${`{${changedUserIds.join(',')}}`}::uuid[])
        UNION
        (SELECT user_id, motive_id FROM slot_alerts
         WHERE cancelled_at IS NULL AND confirmed_at IS NOT NULL AND last_checked_at IS NULL
         ORDER BY last_checked_at ASC NULLS FIRST, id LIMIT ${limits.fresh})
        UNION
        (SELECT user_id, motive_id FROM slot_alerts
         WHERE cancelled_at IS NULL AND confirmed_at IS NOT NULL AND last_checked_at IS NOT NULL
         ORDER BY last_checked_at ASC NULLS FIRST, id LIMIT ${limits.sweep})
      ), checked AS (
        UPDATE slot_alerts a
        SET last_checked_at = CASE WHEN a.expires_at <= ${at} OR a.before <= ${at}
                                   THEN 'infinity'::timestamptz ELSE ${at}::timestamptz END
        -- pair by pair through slot_alerts_active_idx: rows read follow the picked pairs, not the table
        FROM picked p CROSS JOIN LATERAL (
          SELECT id FROM slot_alerts
          WHERE user_id = p.user_id AND motive_id = p.motive_id AND cancelled_at IS NULL AND confirmed_at IS NOT NULL
        ) pair
        WHERE a.id = pair.id
        RETURNING a.id, a.user_id, a.motive_id, a.before, a.expires_at, a.last_alerted_at, a.created_at
      )
      SELECT id, user_id, motive_id, before FROM checked
      WHERE expires_at > ${at} AND before > ${at}
        AND (last_alerted_at IS NULL OR last_alerted_at <= ${new Date(now.getTime() - 86_400_000).toISOString()})
      ORDER BY user_id, motive_id, created_at, id`);
    return rows;
  }

  /** Marks the alert told (false when another worker did it first, or a day has not passed). */
  async claim(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      UPDATE slot_alerts SET last_alerted_at = ${now.toISOString()}
      WHERE id = ${id} AND cancelled_at IS NULL AND confirmed_at IS NOT NULL
        AND (last_alerted_at IS NULL OR last_alerted_at <= ${new Date(now.getTime() - 86_400_000).toISOString()})
      RETURNING id`);
    return rows.length === 1;
  }

  async forMail(id: string): Promise<AlertForMail | undefined> {
    const { rows } = await this.db.execute<AlertForMail>(sql`
      SELECT a.id, a.email, CASE WHEN at.phone_verified_at IS NOT NULL THEN at.phone END AS sms_phone, u.user_uri, concat_ws(' ', u.civility, u.first_name, u.last_name) AS professional_name,
             m.title AS motive_title, u.timezone
      FROM slot_alerts a JOIN users u ON u.id = a.user_id JOIN motives m ON m.id = a.motive_id
      LEFT JOIN attendees at ON at.id = a.attendee_id
      WHERE a.id = ${id} AND a.cancelled_at IS NULL AND a.confirmed_at IS NOT NULL`);
    return rows[0];
  }

  async cancel(id: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`UPDATE slot_alerts SET cancelled_at = ${now.toISOString()} WHERE id = ${id} AND cancelled_at IS NULL`,
    );
  }
}

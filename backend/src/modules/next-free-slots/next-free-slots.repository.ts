import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';

/** The stored first free slot of each professional (`users.next_free_slot_at`) and its change marks. */
@Injectable()
export class NextFreeSlotsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The oldest marks "this professional's first free slot may have moved" (written by triggers), at most `limit`. */
  async changeMarks(limit: number): Promise<Array<{ id: string; user_id: string }>> {
    const { rows } = await this.db.execute<{ id: string; user_id: string }>(sql`
      SELECT id::text, user_id FROM next_slot_changes ORDER BY id LIMIT ${limit}`);
    return rows;
  }

  /** Forgets the marks a run handled; marks written since (changes committed during the run) stay. */
  async forgetChangeMarks(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`DELETE FROM next_slot_changes WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
  }

  /** Public professionals whose stored first slot has started (time passed it), the oldest first. */
  async passed(now: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.execute<{ id: string }>(sql`
      SELECT id FROM users
      WHERE next_free_slot_at IS NOT NULL AND next_free_slot_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_free_slot_at LIMIT ${limit}`);
    return rows.map((row) => row.id);
  }

  /**
   * Public professionals never computed (new accounts, the rows the migration added the column to) and then the
   * longest unchecked before `checkedBefore` (not twice in a run): what no mark names (a day entering a booking
   * horizon frees a slot nobody cancelled). `moreNeverChecked`: the batch was all never-computed rows and full.
   */
  async longestUnchecked(
    limit: number,
    checkedBefore: Date,
  ): Promise<{ ids: string[]; moreNeverChecked: boolean }> {
    const { rows } = await this.db.execute<{ id: string; never: boolean }>(sql`
      SELECT id, next_free_slot_checked_at IS NULL AS never FROM users
      WHERE is_public AND (next_free_slot_checked_at IS NULL OR next_free_slot_checked_at < ${checkedBefore.toISOString()}::timestamptz)
      ORDER BY next_free_slot_checked_at ASC NULLS FIRST LIMIT ${limit}`);
    return {
      ids: rows.map((row) => row.id),
      moreNeverChecked: rows.length === limit && rows.every((row) => row.never),
    };
  }

  /**
   * Stores the first free slot computed for each professional (null: nothing bookable). A professional who
   * does not take online booking has none, whatever their hours.
   */
  async store(slots: Array<{ userId: string; start: string | null }>, checkedAt: Date): Promise<void> {
    if (slots.length === 0) return;
    const ids = `{${slots.map((slot) => slot.userId).join(',')}}`;
    const starts = `{${slots.map((slot) => slot.start ?? 'NULL').join(',')}}`;
    await this.db.execute(sql`
      UPDATE users u
      SET next_free_slot_at = CASE WHEN u.accepts_online_booking THEN v.start END,
          next_free_slot_checked_at = ${checkedAt.toISOString()}::timestamptz
      FROM unnest(${ids}::uuid[], ${starts}::timestamptz[]) AS v(user_id, start)
      WHERE u.id = v.user_id`);
  }
}

import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { calendarFeeds } from '../../database/schema';
import { APPOINTMENT_TO_WRITE_FROM, type AppointmentToWrite } from './write-back.repository';

/** SQL of the private ICS feed: its generation (a new one revokes the old address) and its appointments. */
@Injectable()
export class CalendarFeedRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The feed's generation, created (generation 1) on first use. */
  async feedGeneration(userId: string): Promise<number> {
    await this.db.insert(calendarFeeds).values({ userId }).onConflictDoNothing();
    const [row] = await this.db
      .select({ generation: calendarFeeds.generation })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    return row.generation;
  }

  /** Returns the current generation, or nothing when the professional never opened a feed. */
  async currentFeedGeneration(userId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ generation: calendarFeeds.generation })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    return row?.generation;
  }

  async bumpFeedGeneration(userId: string): Promise<number> {
    const [row] = await this.db
      .insert(calendarFeeds)
      .values({ userId, generation: 2 })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { generation: sql`${calendarFeeds.generation} + 1`, updatedAt: sql`now()` },
      })
      .returning({ generation: calendarFeeds.generation });
    return row.generation;
  }

  /** Appointments for the feed: those holding a slot, from a month ago to a year ahead. */
  async feedAppointments(userId: string): Promise<AppointmentToWrite[]> {
    const result = await this.db.execute<AppointmentToWrite & Record<string, unknown>>(sql`
      ${APPOINTMENT_TO_WRITE_FROM}
      WHERE a.user_id = ${userId} AND a.status IN ('pending', 'confirmed')
        AND a.starts_at >= now() - interval '1 month' AND a.starts_at < now() + interval '1 year'
      ORDER BY a.starts_at
      LIMIT 5000`);
    return result.rows.map((row) => ({
      ...row,
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
    }));
  }
}

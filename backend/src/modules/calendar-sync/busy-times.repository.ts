import { Injectable } from '@nestjs/common';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointmentCalendarEvents,
  calendarConnections,
  externalBusyTimes,
  externalCalendars,
  users,
  type CalendarProvider,
} from '../../database/schema';
import type { SyncCursor, SyncResult } from './calendar-provider.port';
import type { ConnectionRow, ExternalCalendarRow } from './calendar-connections.repository';

/**
 * SQL of the busy-range cache and each calendar's sync state (cursor, ctag): what the sync engine writes,
 * what the live check at booking and the periodic sync read.
 */
/** A JavaScript instant as a SQL timestamptz value. */
const instant = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/**
 * The FROM ... WHERE of the cached events (not ours) of `userId`'s busy calendars overlapping [start, end), shared
 * by the reads below: `userId`, `start` and `end` are SQL (values, or columns of a caller's row).
 */
function cachedOverlapFrom(userId: SQL, start: SQL, end: SQL): SQL {
  return sql`FROM external_busy_times e JOIN external_calendars ec ON ec.id = e.external_calendar_id
    WHERE e.user_id = ${userId} AND NOT e.own_event AND ec.use_for_busy AND e.starts_at < ${end} AND e.ends_at > ${start}`;
}

@Injectable()
export class BusyTimesRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  /** A calendar with its connection and the professional's zone: what one sync needs. */
  async findCalendarForSync(
    calendarId: string,
  ): Promise<{ calendar: ExternalCalendarRow; connection: ConnectionRow; zone: string } | undefined> {
    const [row] = await this.db
      .select({ calendar: externalCalendars, connection: calendarConnections, zone: users.timezone })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .innerJoin(users, eq(users.id, externalCalendars.userId))
      .where(eq(externalCalendars.id, calendarId));
    return row;
  }

  /** Every busy calendar of this professional's active connections: what a live check at booking may ask. */
  liveCheckCalendars(
    userId: string,
  ): Promise<Array<{ calendar: ExternalCalendarRow; connection: ConnectionRow; zone: string }>> {
    return this.db
      .select({ calendar: externalCalendars, connection: calendarConnections, zone: users.timezone })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .innerJoin(users, eq(users.id, externalCalendars.userId))
      .where(
        and(
          eq(externalCalendars.userId, userId),
          eq(externalCalendars.useForBusy, true),
          eq(calendarConnections.status, 'active'),
        ),
      );
  }

  /**
   * Whether `liveCheckCalendars` would find any calendar, as a boolean expression over the SQL `userId` (e.g. a
   * placeholder `$9`), to read inside another statement: most professionals have none, and then their
   * booking need not read the calendars' rows at all.
   */
  liveCheckCalendarsExist(userId: string): string {
    return `EXISTS (
      SELECT 1 FROM external_calendars ec JOIN calendar_connections cc ON cc.id = ec.connection_id
      WHERE ec.user_id = ${userId} AND ec.use_for_busy AND cc.status = 'active')`;
  }

  /**
   * The cached events (not ours) of busy calendars overlapping [start, end), as a SELECT to test with EXISTS
   * inside another statement (`LiveBusyCheck.cacheHoldsCondition`): the same rows as `cachedConflicts`.
   */
  cachedOverlap(userId: string, start: Date, end: Date): SQL {
    return sql`SELECT 1 ${cachedOverlapFrom(sql`${userId}`, instant(start), instant(end))}`;
  }

  /**
   * `cachedConflicts` as a JSON array expression over SQL expressions (`userId`, `start`, `end`: columns of the
   * caller's row, e.g. the appointment being validated), to read inside another statement; `[]` when none.
   */
  cachedConflictsSql(userId: SQL, start: SQL, end: SQL): SQL {
    return sql`(SELECT coalesce(json_agg(DISTINCT ec.display_name), '[]'::json) ${cachedOverlapFrom(userId, start, end)})`;
  }

  /** Names of the busy calendars whose cached events (not ours) overlap [start, end). */
  /** `db`: the caller's transaction when it holds the agenda lock (never a second pool connection under it). */
  async cachedConflicts(userId: string, start: Date, end: Date, db: DbOrTx = this.db): Promise<string[]> {
    const result = await db.execute<{ name: string }>(
      sql`SELECT DISTINCT ec.display_name AS name ${cachedOverlapFrom(sql`${userId}`, instant(start), instant(end))}`,
    );
    return result.rows.map((r) => r.name);
  }

  /** Among these UIDs, the ones of events we wrote (write-back). */
  async ownUids(uids: string[]): Promise<Set<string>> {
    if (uids.length === 0) return new Set();
    const rows = await this.db
      .select({ uid: appointmentCalendarEvents.eventUid })
      .from(appointmentCalendarEvents)
      .where(inArray(appointmentCalendarEvents.eventUid, uids));
    return new Set(rows.map((r) => r.uid));
  }

  /** Busy calendars of active connections: what the periodic sync visits. */
  async busyCalendarIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: externalCalendars.id })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(and(eq(externalCalendars.useForBusy, true), eq(calendarConnections.status, 'active')));
    return rows.map((r) => r.id);
  }

  /**
   * Applies one sync result in one transaction: a complete listing replaces every cached range of the
   * calendar; a delta replaces the ranges of the events it names. Events whose UID is one we wrote
   * (appointment_calendar_events) are kept but flagged `own_event`: the appointment already blocks.
   */
  async applySync(
    calendar: ExternalCalendarRow,
    source: CalendarProvider,
    result: SyncResult,
    cursor: SyncCursor,
  ) {
    await this.transactions.run(async (tx) => {
      if (result.complete) {
        await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.externalCalendarId, calendar.id));
      } else {
        const touched = [...result.deletes, ...result.upserts.map((u) => u.key)];
        if (touched.length > 0) {
          await tx
            .delete(externalBusyTimes)
            .where(
              and(
                eq(externalBusyTimes.externalCalendarId, calendar.id),
                inArray(externalBusyTimes.eventKey, touched),
              ),
            );
        }
      }
      const uids = [...new Set(result.upserts.map((u) => u.uid).filter((uid): uid is string => !!uid))];
      const own = new Set<string>();
      if (uids.length > 0) {
        const rows = await tx
          .select({ uid: appointmentCalendarEvents.eventUid })
          .from(appointmentCalendarEvents)
          .where(inArray(appointmentCalendarEvents.eventUid, uids));
        for (const r of rows) own.add(r.uid);
      }
      const values = result.upserts.flatMap((event) =>
        event.ranges.map((range) => ({
          userId: calendar.userId,
          externalCalendarId: calendar.id,
          source,
          eventKey: event.key,
          externalId: `${calendar.id}|${event.key}|${range.start.toISOString()}`,
          startsAt: range.start,
          endsAt: range.end,
          ownEvent: event.uid !== null && own.has(event.uid),
          title: event.title ?? null,
        })),
      );
      for (let i = 0; i < values.length; i += 1_000) {
        await tx
          .insert(externalBusyTimes)
          .values(values.slice(i, i + 1_000))
          .onConflictDoNothing();
      }
      await tx
        .update(externalCalendars)
        .set({ syncCursor: cursor.token, ctag: cursor.ctag, lastSyncedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(externalCalendars.id, calendar.id));
    });
  }
}

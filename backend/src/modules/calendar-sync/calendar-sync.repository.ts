import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import {
  appointmentCalendarEvents,
  calendarConnections,
  calendarFeeds,
  externalBusyTimes,
  externalCalendars,
  users,
  type CalendarProvider,
  type ConnectionStatus,
} from '../../database/schema';
import type { RemoteCalendar, SyncCursor, SyncResult } from './calendar-provider.port';
import type { AppointmentMode, AppointmentStatus } from '@rdv/sectors';

export type ConnectionRow = typeof calendarConnections.$inferSelect;
export type ExternalCalendarRow = typeof externalCalendars.$inferSelect;
export type WriteBackRow = typeof appointmentCalendarEvents.$inferSelect;

/** What the write-back needs of an appointment (read-only view of the booking tables). */
export interface AppointmentToWrite {
  id: string;
  refAppointment: string;
  userId: string;
  status: AppointmentStatus;
  mode: AppointmentMode;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  visioUrl: string | null;
  motiveTitle: string | null;
  clientName: string | null;
}

export interface CalendarChoices {
  useForBusy?: boolean;
  isWriteTarget?: boolean;
  allDayBlocks?: boolean;
}

/** An appointment as written into external calendars and the ICS feed (one shape for both). */
const APPOINTMENT_TO_WRITE_FROM = sql.raw(`
  SELECT a.id, a.ref_appointment AS "refAppointment", a.user_id AS "userId", a.status, a.mode,
         a.starts_at AS "startsAt", a.ends_at AS "endsAt", a.location, d.visio_url AS "visioUrl",
         m.title AS "motiveTitle",
         NULLIF(trim(concat_ws(' ', at.first_name, at.last_name)), '') AS "clientName"
  FROM appointments a
  LEFT JOIN appointment_details d ON d.appointment_id = a.id
  LEFT JOIN motives m ON m.id = a.motive_id
  LEFT JOIN attendees at ON at.id = a.attendee_id`);

/** SQL of calendar sync: connections, their calendars, the busy-range cache and the write-back state. */
@Injectable()
export class CalendarSyncRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  // ---- connections -----------------------------------------------------------------------------------------

  async insertConnection(data: {
    id: string;
    userId: string;
    provider: CalendarProvider;
    accountLabel: string;
    serverUrl: string | null;
    credentialsCiphertext: string;
    credentialsKeyId: string;
  }): Promise<ConnectionRow | undefined> {
    const [row] = await this.db.insert(calendarConnections).values(data).onConflictDoNothing().returning();
    return row;
  }

  /** A password account (Exchange) connected again: its new address and sealed password. */
  async reconnectPasswordAccount(
    connectionId: string,
    data: { serverUrl: string; credentialsCiphertext: string; credentialsKeyId: string },
  ): Promise<void> {
    await this.db
      .update(calendarConnections)
      .set({ ...data, updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
  }

  /** A reconnected or refreshed account: new sealed credentials; a reconnection also clears its error. */
  async saveCredentials(
    connectionId: string,
    sealed: { credentialsCiphertext: string; credentialsKeyId: string },
  ): Promise<void> {
    await this.db
      .update(calendarConnections)
      .set({ ...sealed, updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
  }

  async findConnectionByAccount(
    userId: string,
    provider: CalendarProvider,
    accountLabel: string,
  ): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, userId),
          eq(calendarConnections.provider, provider),
          eq(calendarConnections.accountLabel, accountLabel),
        ),
      );
    return row;
  }

  async findConnection(connectionId: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId));
    return row;
  }

  listConnections(userId: string): Promise<ConnectionRow[]> {
    return this.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, userId))
      .orderBy(asc(calendarConnections.createdAt));
  }

  /** Deletes the connection; its calendars, cached busy ranges and write-back state go with it (cascades). */
  async deleteConnection(userId: string, connectionId: string): Promise<boolean> {
    const rows = await this.db
      .delete(calendarConnections)
      .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.userId, userId)))
      .returning({ id: calendarConnections.id });
    return rows.length > 0;
  }

  async markConnectionOk(connectionId: string): Promise<void> {
    await this.db
      .update(calendarConnections)
      .set({ status: 'active', lastOkAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
  }

  /** Returns true when the status changed (the first failure of a run of failures). */
  async markConnectionFailed(
    connectionId: string,
    status: ConnectionStatus,
    error: string,
  ): Promise<boolean> {
    const rows = await this.db
      .update(calendarConnections)
      .set({ status, lastError: error, lastErrorAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(calendarConnections.id, connectionId), ne(calendarConnections.status, status)))
      .returning({ id: calendarConnections.id });
    if (rows.length === 0) {
      await this.db
        .update(calendarConnections)
        .set({ lastError: error, lastErrorAt: sql`now()` })
        .where(eq(calendarConnections.id, connectionId));
    }
    return rows.length > 0;
  }

  /**
   * Claims the right to send the "reconnect" mail of a broken connection: at most one a day. Returns the
   * professional to write to, or nothing when a mail went out less than a day ago or it is not broken.
   */
  async claimReauthMail(
    connectionId: string,
  ): Promise<{ email: string; firstName: string | null; accountLabel: string } | undefined> {
    const result = await this.db.execute<{
      email: string;
      firstName: string | null;
      accountLabel: string;
    }>(sql`
      UPDATE calendar_connections c SET reauth_mail_sent_at = now()
      FROM users u
      WHERE c.id = ${connectionId} AND u.id = c.user_id AND c.status = 'needs_reauth'
        AND (c.reauth_mail_sent_at IS NULL OR c.reauth_mail_sent_at < now() - interval '1 day')
      RETURNING u.email, u.first_name AS "firstName", c.account_label AS "accountLabel"`);
    return result.rows[0];
  }

  async setPauseBookingWhenBroken(userId: string, connectionId: string, pause: boolean): Promise<boolean> {
    const rows = await this.db
      .update(calendarConnections)
      .set({ pauseBookingWhenBroken: pause, updatedAt: sql`now()` })
      .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.userId, userId)))
      .returning({ id: calendarConnections.id });
    return rows.length > 0;
  }

  // ---- calendars -------------------------------------------------------------------------------------------

  /** Adds the account's calendars not known yet and refreshes the names of the others. */
  async upsertCalendars(connectionId: string, userId: string, remote: RemoteCalendar[]): Promise<void> {
    if (remote.length === 0) return;
    await this.db
      .insert(externalCalendars)
      .values(
        remote.map((c) => ({
          connectionId,
          userId,
          externalId: c.externalId,
          displayName: c.displayName,
          color: c.color,
        })),
      )
      .onConflictDoUpdate({
        target: [externalCalendars.connectionId, externalCalendars.externalId],
        set: { displayName: sql`excluded.display_name`, color: sql`excluded.color`, updatedAt: sql`now()` },
      });
  }

  /**
   * A newly connected account: its main calendar blocks slots at once (the lawyer connected it for that);
   * the others stay as they are until the lawyer chooses, in the dialog that follows the connection.
   */
  async blockWithCalendar(connectionId: string, externalId: string): Promise<void> {
    await this.db
      .update(externalCalendars)
      .set({ useForBusy: true, updatedAt: sql`now()` })
      .where(
        and(eq(externalCalendars.connectionId, connectionId), eq(externalCalendars.externalId, externalId)),
      );
  }

  listCalendars(connectionIds: string[]): Promise<ExternalCalendarRow[]> {
    if (connectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(externalCalendars)
      .where(inArray(externalCalendars.connectionId, connectionIds))
      .orderBy(asc(externalCalendars.displayName));
  }

  async findCalendar(calendarId: string): Promise<ExternalCalendarRow | undefined> {
    const [row] = await this.db.select().from(externalCalendars).where(eq(externalCalendars.id, calendarId));
    return row;
  }

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

  /**
   * Saves the lawyer's choices. A calendar that stops blocking loses its cached ranges; one that starts
   * blocking, or whose all-day rule changes, starts over (cursor reset). On an all-day change the ranges
   * computed with the old rule stay until the full listing that follows replaces them in one transaction
   * (applySync): deleting them here would offer, until that sync, every slot its events cover.
   */
  async updateCalendarChoices(
    userId: string,
    calendarId: string,
    choices: CalendarChoices,
  ): Promise<ExternalCalendarRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(externalCalendars)
        .where(and(eq(externalCalendars.id, calendarId), eq(externalCalendars.userId, userId)))
        .for('update');
      if (!before) return undefined;
      if (choices.isWriteTarget === true) {
        await tx
          .update(externalCalendars)
          .set({ isWriteTarget: false })
          .where(and(eq(externalCalendars.userId, userId), ne(externalCalendars.id, calendarId)));
      }
      const restart =
        (choices.useForBusy !== undefined && choices.useForBusy !== before.useForBusy) ||
        (choices.allDayBlocks !== undefined && choices.allDayBlocks !== before.allDayBlocks);
      const [row] = await tx
        .update(externalCalendars)
        .set({ ...choices, ...(restart ? { syncCursor: null, ctag: null } : {}), updatedAt: sql`now()` })
        .where(eq(externalCalendars.id, calendarId))
        .returning();
      if (row && !row.useForBusy && before.useForBusy)
        await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.externalCalendarId, calendarId));
      return row;
    });
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

  /** Names of the busy calendars whose cached events (not ours) overlap [start, end). */
  async cachedConflicts(userId: string, start: Date, end: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ name: externalCalendars.displayName })
      .from(externalBusyTimes)
      .innerJoin(externalCalendars, eq(externalCalendars.id, externalBusyTimes.externalCalendarId))
      .where(
        and(
          eq(externalBusyTimes.userId, userId),
          eq(externalBusyTimes.ownEvent, false),
          eq(externalCalendars.useForBusy, true),
          sql`${externalBusyTimes.startsAt} < ${end.toISOString()}::timestamptz`,
          sql`${externalBusyTimes.endsAt} > ${start.toISOString()}::timestamptz`,
        ),
      );
    return rows.map((r) => r.name);
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
  /** Connections per provider and status (the metrics' count of broken ones). */
  async connectionCounts(): Promise<{ provider: string; status: string; count: number }[]> {
    const rows = await this.db
      .select({
        provider: calendarConnections.provider,
        status: calendarConnections.status,
        count: sql<number>`count(*)::int`,
      })
      .from(calendarConnections)
      .groupBy(calendarConnections.provider, calendarConnections.status);
    return rows;
  }

  async busyCalendarIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: externalCalendars.id })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(and(eq(externalCalendars.useForBusy, true), eq(calendarConnections.status, 'active')));
    return rows.map((r) => r.id);
  }

  // ---- write-back ------------------------------------------------------------------------------------------

  async findAppointmentToWrite(appointmentId: string): Promise<AppointmentToWrite | undefined> {
    const result = await this.db.execute<AppointmentToWrite & Record<string, unknown>>(sql`
      ${APPOINTMENT_TO_WRITE_FROM}
      WHERE a.id = ${appointmentId}`);
    const row = result.rows[0];
    return row && { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
  }

  /** The professional's write-target calendar with its connection, when one is chosen. */
  async findWriteTarget(
    userId: string,
  ): Promise<{ calendar: ExternalCalendarRow; connection: ConnectionRow } | undefined> {
    const [row] = await this.db
      .select({ calendar: externalCalendars, connection: calendarConnections })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(and(eq(externalCalendars.userId, userId), eq(externalCalendars.isWriteTarget, true)));
    return row;
  }

  /** Where the appointment was written (not deleted yet), with each calendar's connection. */
  listWrites(
    appointmentId: string,
  ): Promise<Array<{ write: WriteBackRow; calendar: ExternalCalendarRow; connection: ConnectionRow }>> {
    return this.db
      .select({
        write: appointmentCalendarEvents,
        calendar: externalCalendars,
        connection: calendarConnections,
      })
      .from(appointmentCalendarEvents)
      .innerJoin(externalCalendars, eq(externalCalendars.id, appointmentCalendarEvents.externalCalendarId))
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(
        and(
          eq(appointmentCalendarEvents.appointmentId, appointmentId),
          isNull(appointmentCalendarEvents.deletedAt),
        ),
      );
  }

  /**
   * Records the intent to write before calling the provider, so the UID is known as ours (own_event) even
   * if a sync reads the event before the write's answer comes back.
   */
  async upsertWriteIntent(
    appointmentId: string,
    externalCalendarId: string,
    eventUid: string,
  ): Promise<WriteBackRow> {
    const [row] = await this.db
      .insert(appointmentCalendarEvents)
      .values({ appointmentId, externalCalendarId, eventUid })
      .onConflictDoUpdate({
        target: [appointmentCalendarEvents.appointmentId, appointmentCalendarEvents.externalCalendarId],
        set: { deletedAt: null, updatedAt: sql`now()` },
      })
      .returning();
    return row;
  }

  async saveWritten(
    writeId: string,
    written: { ref: string; etag: string | null; startsAt: Date; endsAt: Date },
  ): Promise<void> {
    await this.db
      .update(appointmentCalendarEvents)
      .set({
        eventRef: written.ref,
        etag: written.etag,
        writtenStartsAt: written.startsAt,
        writtenEndsAt: written.endsAt,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(appointmentCalendarEvents.id, writeId));
  }

  async markWriteDeleted(writeId: string): Promise<void> {
    await this.db
      .update(appointmentCalendarEvents)
      .set({ deletedAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(eq(appointmentCalendarEvents.id, writeId));
  }

  // ---- private ICS feed ------------------------------------------------------------------------------------

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

  // ---- busy-range cache ------------------------------------------------------------------------------------

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
    await this.db.transaction(async (tx) => {
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

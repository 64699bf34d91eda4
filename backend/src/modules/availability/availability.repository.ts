import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { visioLinkAvailableSql } from '../visio';
import { and, asc, desc, eq, gte, inArray, like, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Pool } from 'pg';
import { InjectDb, InjectPool, Transactions } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  availabilitySettings,
  calendars,
  holidayPeriods,
  motives,
  paymentAccounts,
  unavailabilityPeriods,
  users,
  weeklyAvailabilities,
  workedPublicHolidayMonths,
} from '../../database/schema';

export type CalendarRow = typeof calendars.$inferSelect;
export type MotiveRow = typeof motives.$inferSelect;
export type WeeklyRow = typeof weeklyAvailabilities.$inferSelect;
export type UnavailabilityRow = typeof unavailabilityPeriods.$inferSelect;
export type HolidayRow = typeof holidayPeriods.$inferSelect;

export interface NewWeeklyRange {
  weekday: number;
  startTime: string;
  endTime: string;
  motiveIds: string[] | null;
}

export interface UserAvailabilityRow {
  id: string;
  timezone: string;
  country: string;
  /** Active and sign-up finished (users.is_public): only then are slots and motives offered. */
  isPublic: boolean;
  acceptsOnlineBooking: boolean;
  inPersonEnabled: boolean;
  visioEnabled: boolean;
  /** The professional can give a video link now (a provider, or the site's Jitsi). */
  visioLinkAvailable: boolean;
  phoneEnabled: boolean;
  amplitudeStart: string | null;
  amplitudeEnd: string | null;
  holidayCountry: string | null;
}

/** Everything the engine needs about one professional, read in one query (see `slotContexts`). */
export interface SlotContextRow {
  userId: string;
  timezone: string;
  country: string;
  /** Active and sign-up finished (users.is_public). */
  isPublic: boolean;
  acceptsOnlineBooking: boolean;
  inPersonEnabled: boolean;
  visioEnabled: boolean;
  /** The professional can give a video link now (a provider, or the site's Jitsi). */
  visioLinkAvailable: boolean;
  phoneEnabled: boolean;
  amplitudeStart: string | null;
  amplitudeEnd: string | null;
  holidayCountry: string | null;
  motive: {
    id: string;
    durationMinutes: number;
    noticeMinutes: number;
    notBeforeHour: number | null;
    notAfterMonths: number;
    inPersonAllowed: boolean;
    visioAllowed: boolean;
    phoneAllowed: boolean;
    isActive: boolean;
  } | null;
  calendarId: string | null;
  rules: Array<{ weekday: number; startTime: string; endTime: string; motiveIds: string[] | null }>;
  workedMonths: string[];
  holidays: Array<{ startsOn: string; endsOn: string }>;
  /** [start, end] epoch ms ordered by start, when a blocks window was asked */
  blocks: Array<[number, number]> | null;
}

/** A time that blocks slots (appointment holding a slot, external busy time, unavailability), epoch ms. */
export interface BlockRow {
  userId: string;
  start: number;
  end: number;
}

@Injectable()
export class AvailabilityRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    @InjectPool() private readonly pool: Pool,
    private readonly transactions: Transactions,
    @Inject(ENV) env: Env,
  ) {
    this.siteJitsi = Boolean(env.JITSI_BASE_URL);
    const visioLinkAvailable = visioLinkAvailableSql('u.id', this.siteJitsi);
    this.slotContextsText = slotContextsSql(visioLinkAvailable, 'u.id = ANY($1::uuid[])');
    this.oneSlotContextText = slotContextsSql(visioLinkAvailable, 'u.id = ($1::uuid[])[1]');
  }

  private readonly slotContextsText: string;
  /**
   * The same read for one professional (a profile's slots, a booking, the worker's refresh after one). With
   * `= ANY($1)` PostgreSQL costs a generic plan for an array of ten, ten times a custom plan for one, so it never
   * kept it and planned every run (0.65 ms warm, 1.2 ms under the booking bench's load, for 0.1 ms of running);
   * with the first element it costs one row and keeps the generic plan after five runs (planning 0.015 ms).
   */
  private readonly oneSlotContextText: string;

  /** With the site's Jitsi every professional can give a video link; without it, only those with a provider. */
  private readonly siteJitsi: boolean;

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }

  // ---- professionals and settings --------------------------------------------------------------------------

  async findUser(userId: string): Promise<UserAvailabilityRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        timezone: users.timezone,
        country: users.country,
        isPublic: users.isPublic,
        acceptsOnlineBooking: users.acceptsOnlineBooking,
        inPersonEnabled: users.inPersonEnabled,
        visioEnabled: users.visioEnabled,
        visioLinkAvailable: sql<boolean>`${sql.raw(visioLinkAvailableSql(`"users"."id"`, this.siteJitsi))}`,
        phoneEnabled: users.phoneEnabled,
        amplitudeStart: availabilitySettings.amplitudeStart,
        amplitudeEnd: availabilitySettings.amplitudeEnd,
        holidayCountry: availabilitySettings.holidayCountry,
      })
      .from(users)
      .leftJoin(availabilitySettings, eq(availabilitySettings.userId, users.id))
      .where(eq(users.id, userId));
    return row;
  }

  async saveSettings(
    userId: string,
    settings: { amplitudeStart: string | null; amplitudeEnd: string | null; holidayCountry: string | null },
    switches: { visioEnabled?: boolean; phoneEnabled?: boolean },
  ): Promise<void> {
    await this.transactions.run(async (tx) => {
      await tx
        .insert(availabilitySettings)
        .values({ userId, ...settings })
        .onConflictDoUpdate({
          target: availabilitySettings.userId,
          set: { ...settings, updatedAt: sql`now()` },
        });
      // The visio / phone switches are the users columns the directory already reads (one source of truth).
      if (switches.visioEnabled !== undefined || switches.phoneEnabled !== undefined) {
        await tx
          .update(users)
          .set({ ...switches, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
      }
    });
  }

  // ---- calendars -------------------------------------------------------------------------------------------

  listCalendars(userId: string): Promise<CalendarRow[]> {
    return this.db
      .select()
      .from(calendars)
      .where(eq(calendars.userId, userId))
      .orderBy(asc(calendars.position), asc(calendars.createdAt));
  }

  async findCalendar(calendarId: string): Promise<CalendarRow | undefined> {
    const [row] = await this.db.select().from(calendars).where(eq(calendars.id, calendarId));
    return row;
  }

  async createCalendar(
    userId: string,
    data: { name: string; color?: string; isDefault?: boolean },
  ): Promise<CalendarRow> {
    return this.transactions.run(async (tx) => {
      // Serialise calendar writes of one professional: "first calendar is the default" must hold under races.
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const existing = await tx
        .select({ id: calendars.id })
        .from(calendars)
        .where(eq(calendars.userId, userId));
      const isDefault = existing.length === 0 || data.isDefault === true;
      if (isDefault) await tx.update(calendars).set({ isDefault: false }).where(eq(calendars.userId, userId));
      const [row] = await tx
        .insert(calendars)
        .values({ userId, name: data.name, color: data.color, isDefault, position: existing.length })
        .returning();
      return row;
    });
  }

  async updateCalendar(
    userId: string,
    calendarId: string,
    data: { name?: string; color?: string; isDefault?: boolean; position?: number },
  ): Promise<CalendarRow | undefined> {
    return this.transactions.run(async (tx) => {
      // Another professional's or an unknown calendar: nothing changes (the un-defaulting below would
      // otherwise leave the professional without a default calendar, so without bookable slots).
      const [own] = await tx
        .select({ id: calendars.id })
        .from(calendars)
        .where(and(eq(calendars.id, calendarId), eq(calendars.userId, userId)))
        .for('update');
      if (!own) return undefined;
      if (data.isDefault === true) {
        await tx.update(calendars).set({ isDefault: false }).where(eq(calendars.userId, userId));
      }
      // Un-defaulting is done by making another calendar the default, never by leaving none.
      const { isDefault, ...rest } = data;
      const [row] = await tx
        .update(calendars)
        .set({ ...rest, ...(isDefault === true ? { isDefault: true } : {}), updatedAt: sql`now()` })
        .where(and(eq(calendars.id, calendarId), eq(calendars.userId, userId)))
        .returning();
      return row;
    });
  }

  /** Deletes the calendar; when it was the default, the next one becomes the default. */
  async deleteCalendar(userId: string, calendarId: string): Promise<boolean> {
    return this.transactions.run(async (tx) => {
      const [deleted] = await tx
        .delete(calendars)
        .where(and(eq(calendars.id, calendarId), eq(calendars.userId, userId)))
        .returning();
      if (!deleted) return false;
      if (deleted.isDefault) {
        const [next] = await tx
          .select({ id: calendars.id })
          .from(calendars)
          .where(eq(calendars.userId, userId))
          .orderBy(asc(calendars.position), asc(calendars.createdAt))
          .limit(1);
        if (next) await tx.update(calendars).set({ isDefault: true }).where(eq(calendars.id, next.id));
      }
      return true;
    });
  }

  async calendarHasAppointments(calendarId: string): Promise<boolean> {
    const result = await this.db.execute(
      sql`SELECT 1 FROM appointments WHERE calendar_id = ${calendarId} LIMIT 1`,
    );
    return result.rows.length > 0;
  }

  // ---- motives ---------------------------------------------------------------------------------------------

  listMotives(userId: string): Promise<MotiveRow[]> {
    return this.db
      .select()
      .from(motives)
      .where(eq(motives.userId, userId))
      .orderBy(asc(motives.position), asc(motives.createdAt));
  }

  async findMotive(userId: string, motiveId: string): Promise<MotiveRow | undefined> {
    const [row] = await this.db
      .select()
      .from(motives)
      .where(and(eq(motives.id, motiveId), eq(motives.userId, userId)));
    return row;
  }

  /** The professional's connected account can take payments (the payments module keeps it up to date). */
  async canTakePayments(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: paymentAccounts.chargesEnabled })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId));
    return row?.enabled === true;
  }

  /** The ids among `ids` that are motives of this professional. */
  async ownMotiveIds(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: motives.id })
      .from(motives)
      .where(and(eq(motives.userId, userId), inArray(motives.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async createMotive(
    userId: string,
    data: Omit<typeof motives.$inferInsert, 'userId' | 'position'>,
  ): Promise<MotiveRow> {
    const [{ last }] = await this.db
      .select({ last: max(motives.position) })
      .from(motives)
      .where(eq(motives.userId, userId));
    const [row] = await this.db
      .insert(motives)
      .values({ ...data, userId, position: last === null ? 0 : last + 1 })
      .returning();
    return row;
  }

  async updateMotive(
    userId: string,
    motiveId: string,
    data: Partial<typeof motives.$inferInsert>,
  ): Promise<MotiveRow | undefined> {
    const [row] = await this.db
      .update(motives)
      .set({ ...data, updatedAt: sql`now()` })
      .where(and(eq(motives.id, motiveId), eq(motives.userId, userId)))
      .returning();
    return row;
  }

  async deleteMotive(userId: string, motiveId: string): Promise<boolean> {
    const rows = await this.db
      .delete(motives)
      .where(and(eq(motives.id, motiveId), eq(motives.userId, userId)))
      .returning({ id: motives.id });
    return rows.length > 0;
  }

  /** Positions 0..n-1 in the given order, in one statement. */
  async reorderMotives(userId: string, orderedIds: string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    const values = sql.join(
      orderedIds.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
      sql`, `,
    );
    await this.db.execute(sql`
      UPDATE motives AS m SET position = v.position, updated_at = now()
      FROM (VALUES ${values}) AS v(id, position)
      WHERE m.id = v.id AND m.user_id = ${userId}`);
  }

  // ---- weekly availabilities -------------------------------------------------------------------------------

  listWeek(calendarId: string): Promise<WeeklyRow[]> {
    return this.db
      .select()
      .from(weeklyAvailabilities)
      .where(eq(weeklyAvailabilities.calendarId, calendarId))
      .orderBy(asc(weeklyAvailabilities.weekday), asc(weeklyAvailabilities.startTime));
  }

  async replaceWeek(calendarId: string, ranges: NewWeeklyRange[]): Promise<WeeklyRow[]> {
    return this.transactions.run(async (tx) => {
      await tx.delete(weeklyAvailabilities).where(eq(weeklyAvailabilities.calendarId, calendarId));
      if (ranges.length === 0) return [];
      const rows = await tx
        .insert(weeklyAvailabilities)
        .values(ranges.map((r) => ({ ...r, calendarId })))
        .returning();
      return rows.sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
    });
  }

  // ---- unavailability periods and holidays -----------------------------------------------------------------

  listUnavailabilities(userId: string, from?: Date, to?: Date): Promise<UnavailabilityRow[]> {
    const conditions: SQL[] = [eq(unavailabilityPeriods.userId, userId)];
    if (from) conditions.push(gte(unavailabilityPeriods.endsAt, from));
    if (to) conditions.push(lte(unavailabilityPeriods.startsAt, to));
    return this.db
      .select()
      .from(unavailabilityPeriods)
      .where(and(...conditions))
      .orderBy(asc(unavailabilityPeriods.startsAt));
  }

  async createUnavailability(data: typeof unavailabilityPeriods.$inferInsert): Promise<UnavailabilityRow> {
    const [row] = await this.db.insert(unavailabilityPeriods).values(data).returning();
    return row;
  }

  async deleteUnavailability(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(unavailabilityPeriods)
      .where(and(eq(unavailabilityPeriods.id, id), eq(unavailabilityPeriods.userId, userId)))
      .returning({ id: unavailabilityPeriods.id });
    return rows.length > 0;
  }

  listHolidays(userId: string): Promise<HolidayRow[]> {
    return this.db
      .select()
      .from(holidayPeriods)
      .where(eq(holidayPeriods.userId, userId))
      .orderBy(desc(holidayPeriods.startsOn));
  }

  async createHoliday(data: typeof holidayPeriods.$inferInsert): Promise<HolidayRow> {
    const [row] = await this.db.insert(holidayPeriods).values(data).returning();
    return row;
  }

  async deleteHoliday(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(holidayPeriods)
      .where(and(eq(holidayPeriods.id, id), eq(holidayPeriods.userId, userId)))
      .returning({ id: holidayPeriods.id });
    return rows.length > 0;
  }

  // ---- public holidays worked ------------------------------------------------------------------------------

  async workedMonthsOfYear(userId: string, year: number): Promise<string[]> {
    const rows = await this.db
      .select({ month: workedPublicHolidayMonths.month })
      .from(workedPublicHolidayMonths)
      .where(
        and(eq(workedPublicHolidayMonths.userId, userId), like(workedPublicHolidayMonths.month, `${year}-%`)),
      )
      .orderBy(asc(workedPublicHolidayMonths.month));
    return rows.map((r) => r.month);
  }

  async setWorkedMonth(userId: string, month: string, worked: boolean): Promise<void> {
    if (worked) {
      await this.db.insert(workedPublicHolidayMonths).values({ userId, month }).onConflictDoNothing();
    } else {
      await this.db
        .delete(workedPublicHolidayMonths)
        .where(and(eq(workedPublicHolidayMonths.userId, userId), eq(workedPublicHolidayMonths.month, month)));
    }
  }

  // ---- slot reads: the public endpoints make at most 2 queries, these are the only ones ---------------------

  /**
   * One row per professional with everything but the blocks: zone, switches, settings, the motive
   * (`motiveId`, or the first active one by position), the calendar (`calendarId`, or the default one) with
   * its weekly rules, worked months and the holiday periods touching [fromDate, toDate]; with a
   * `blocksWindow`, also its blocks over that window (same rules as `blocks`), so that a slot read is one
   * round trip. A named prepared statement with one array parameter: the plan is cached per connection whatever the
   * number of professionals (these two reads run on every profile and directory page).
   */
  async slotContexts(
    userIds: string[],
    motiveId: string | null,
    calendarId: string | null,
    fromDate: string,
    toDate: string,
    blocksWindow: { from: Date; to: Date } | null = null,
  ): Promise<SlotContextRow[]> {
    const one = userIds.length === 1;
    const result = await this.pool.query<SlotContextRow>({
      name: `availability_slot_context${one ? '' : 's'}${this.siteJitsi ? '' : '_no_jitsi'}`,
      text: one ? this.oneSlotContextText : this.slotContextsText,
      values: this.slotContextsValues(userIds, motiveId, calendarId, fromDate, toDate, blocksWindow),
    });
    return result.rows;
  }

  /**
   * The text of `slotContexts` for one professional ($1 to $7, in the order of `slotContextsValues`), to send
   * inside another statement.
   */
  oneSlotContextStatement(): string {
    return this.oneSlotContextText;
  }

  slotContextsValues(
    userIds: string[],
    motiveId: string | null,
    calendarId: string | null,
    fromDate: string,
    toDate: string,
    blocksWindow: { from: Date; to: Date } | null = null,
  ): unknown[] {
    return [
      userIds,
      motiveId,
      calendarId,
      fromDate,
      toDate,
      blocksWindow?.from.toISOString() ?? null,
      blocksWindow?.to.toISOString() ?? null,
    ];
  }

  /**
   * Blocks of these professionals overlapping [from, to): appointments holding a slot (pending, confirmed;
   * on any calendar: one professional cannot be in two places), external busy times, and unavailability
   * periods of every calendar or of the calendar asked. Ordered by professional then start, the order the
   * engine merges linearly.
   */
  async blocks(userIds: string[], calendarIds: string[], from: Date, to: Date): Promise<BlockRow[]> {
    if (userIds.length === 0) return [];
    const result = await this.pool.query<BlockRow>({
      name: 'availability_blocks',
      text: BLOCKS_SQL,
      values: [userIds, calendarIds, from.toISOString(), to.toISOString()],
    });
    return result.rows;
  }
}

const slotContextsSql = (visioLinkAvailable: string, professionals: string) => `
  SELECT
    u.id AS "userId", u.timezone, u.country, u.is_public AS "isPublic",
    -- calendar sync (#12): online booking pauses while a busy calendar is broken, when the lawyer chose so
    u.accepts_online_booking AND NOT EXISTS (
      SELECT 1 FROM calendar_connections cc JOIN external_calendars ec ON ec.connection_id = cc.id
      WHERE cc.user_id = u.id AND cc.pause_booking_when_broken AND cc.status <> 'active' AND ec.use_for_busy
    ) AS "acceptsOnlineBooking", u.in_person_enabled AS "inPersonEnabled",
    u.visio_enabled AS "visioEnabled", ${visioLinkAvailable} AS "visioLinkAvailable",
    u.phone_enabled AS "phoneEnabled",
    s.amplitude_start::text AS "amplitudeStart", s.amplitude_end::text AS "amplitudeEnd",
    s.holiday_country AS "holidayCountry",
    m.motive, c.id AS "calendarId",
    COALESCE((
      SELECT json_agg(json_build_object('weekday', w.weekday, 'startTime', w.start_time::text,
                                        'endTime', w.end_time::text, 'motiveIds', w.motive_ids))
      FROM weekly_availabilities w WHERE w.calendar_id = c.id), '[]'::json) AS rules,
    COALESCE((SELECT array_agg(wm.month) FROM worked_public_holiday_months wm WHERE wm.user_id = u.id),
             '{}'::text[]) AS "workedMonths",
    COALESCE((
      SELECT json_agg(json_build_object('startsOn', h.starts_on::text, 'endsOn', h.ends_on::text))
      FROM holiday_periods h
      WHERE h.user_id = u.id AND h.ends_on >= $4::date AND h.starts_on <= $5::date), '[]'::json) AS holidays,
    CASE WHEN $6::timestamptz IS NULL THEN NULL ELSE COALESCE((
      SELECT json_agg(json_build_array(extract(epoch FROM b.starts_at) * 1000, extract(epoch FROM b.ends_at) * 1000)
                      ORDER BY b.starts_at)
      FROM (
        SELECT a.starts_at, a.ends_at FROM appointments a
        WHERE a.user_id = u.id AND a.status IN ('pending', 'confirmed')
          AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange($6::timestamptz, $7::timestamptz, '[)')
        UNION ALL
        -- a client's pending move of a confirmed appointment holds its proposed slot too
        SELECT r.starts_at, r.ends_at FROM appointment_reschedule_requests r
        JOIN appointments ra ON ra.id = r.appointment_id AND ra.status IN ('pending', 'confirmed')
        WHERE r.user_id = u.id
          AND tstzrange(r.starts_at, r.ends_at, '[)') && tstzrange($6::timestamptz, $7::timestamptz, '[)')
        UNION ALL
        SELECT e.starts_at, e.ends_at FROM external_busy_times e
        WHERE e.user_id = u.id AND NOT e.own_event
          AND tstzrange(e.starts_at, e.ends_at, '[)') && tstzrange($6::timestamptz, $7::timestamptz, '[)')
        UNION ALL
        SELECT p.starts_at, p.ends_at FROM unavailability_periods p
        WHERE p.user_id = u.id AND (p.calendar_id IS NULL OR p.calendar_id = c.id)
          AND tstzrange(p.starts_at, p.ends_at, '[)') && tstzrange($6::timestamptz, $7::timestamptz, '[)')
      ) b), '[]'::json) END AS blocks
  FROM users u
  LEFT JOIN availability_settings s ON s.user_id = u.id
  LEFT JOIN LATERAL (
    SELECT json_build_object('id', mo.id, 'durationMinutes', mo.duration_minutes, 'noticeMinutes', mo.notice_minutes,
                             'notBeforeHour', mo.not_before_hour, 'notAfterMonths', mo.not_after_months,
                             'inPersonAllowed', mo.in_person_allowed, 'visioAllowed', mo.visio_allowed,
                             'phoneAllowed', mo.phone_allowed, 'isActive', mo.is_active) AS motive
    FROM motives mo
    WHERE mo.user_id = u.id AND (($2::uuid IS NULL AND mo.is_active) OR mo.id = $2::uuid)
    ORDER BY mo.position, mo.created_at
    LIMIT 1) m ON true
  LEFT JOIN LATERAL (
    SELECT ca.id FROM calendars ca
    WHERE ca.user_id = u.id AND ($3::uuid IS NULL OR ca.id = $3::uuid)
    ORDER BY ca.is_default DESC, ca.position, ca.created_at
    LIMIT 1) c ON true
  WHERE ${professionals}`;

// `tstzrange(...) && window` matches the GiST indexes: the exclusion constraint's (partial, same status list)
// for appointments, the range indexes of migration 0008 for the two other tables.
const BLOCKS_SQL = `
  SELECT user_id AS "userId",
         (extract(epoch FROM starts_at) * 1000)::float8 AS "start",
         (extract(epoch FROM ends_at) * 1000)::float8 AS "end"
  FROM (
    SELECT user_id, starts_at, ends_at FROM appointments
    WHERE user_id = ANY($1::uuid[]) AND status IN ('pending', 'confirmed')
      AND tstzrange(starts_at, ends_at, '[)') && tstzrange($3::timestamptz, $4::timestamptz, '[)')
    UNION ALL
    -- a client's pending move of a confirmed appointment holds its proposed slot too
    SELECT r.user_id, r.starts_at, r.ends_at FROM appointment_reschedule_requests r
    JOIN appointments ra ON ra.id = r.appointment_id AND ra.status IN ('pending', 'confirmed')
    WHERE r.user_id = ANY($1::uuid[])
      AND tstzrange(r.starts_at, r.ends_at, '[)') && tstzrange($3::timestamptz, $4::timestamptz, '[)')
    UNION ALL
    SELECT user_id, starts_at, ends_at FROM external_busy_times
    WHERE user_id = ANY($1::uuid[]) AND NOT own_event
      AND tstzrange(starts_at, ends_at, '[)') && tstzrange($3::timestamptz, $4::timestamptz, '[)')
    UNION ALL
    SELECT user_id, starts_at, ends_at FROM unavailability_periods
    WHERE user_id = ANY($1::uuid[]) AND (calendar_id IS NULL OR calendar_id = ANY($2::uuid[]))
      AND tstzrange(starts_at, ends_at, '[)') && tstzrange($3::timestamptz, $4::timestamptz, '[)')
  ) b
  ORDER BY user_id, starts_at`;

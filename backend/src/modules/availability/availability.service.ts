import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import type { AuthenticatedAccount } from '../auth/guards';
import {
  type AvailabilitySettingsDto,
  type BookingMotiveDto,
  type CalendarDto,
  type CreateCalendarDto,
  type CreateHolidayDto,
  type CreateMotiveDto,
  type CreateUnavailabilityDto,
  type HolidayDto,
  LOCAL_DATE,
  type MotiveDto,
  type NextSlotsDto,
  type PublicHolidaysDto,
  type SlotsDto,
  type SlotsQueryDto,
  toHhMm,
  type UnavailabilityDto,
  type UpdateAvailabilitySettingsDto,
  type UpdateCalendarDto,
  type UpdateMotiveDto,
  type WeekDto,
  type WeeklyRangeDto,
  type WorkedMonthDto,
} from './availability.dto';
import {
  AvailabilityRepository,
  type BlockRow,
  type CalendarRow,
  type HolidayRow,
  type MotiveRow,
  type SlotContextRow,
  type UnavailabilityRow,
  type UserAvailabilityRow,
} from './availability.repository';
import { HOLIDAY_COUNTRIES, type HolidayCountry, publicHolidaysOf } from './public-holidays';
import {
  type AppointmentMode,
  computeNextSlots,
  computeSlots,
  type InstantRange,
  type SlotInput,
  type SlotMotive,
} from './slot-calculator';
import { DAY_MS, parseLocalDate, parseLocalTime, ZoneClock } from './zone-clock';

/** Longest range a slots request may ask for. */
export const MAX_SLOT_RANGE_DAYS = 90;
/** Directory cards: first look this far, then (for the professionals still short of slots) up to the max. */
const NEXT_SLOTS_FIRST_DAYS = 4;
const NEXT_SLOTS_MAX_DAYS = 60;
/** Blocks are read a little beyond the window: a slot starting just before `to` may end after it. */
const BLOCK_MARGIN_MS = DAY_MS;

const WEEKDAY_NAMES = ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

const invalid = (code: string, message: string) => new DomainError(code, message, 400);

/** A professional manages only their own agenda; administrators manage any. */
function canManage(account: AuthenticatedAccount | undefined, userId: string): boolean {
  if (!account) return false;
  return account.kind === 'admin' || (account.kind === 'user' && account.id === userId);
}

const calendarNotFound = () => new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');

@Injectable()
export class AvailabilityService {
  constructor(private readonly repository: AvailabilityRepository) {}

  // ---- access ----------------------------------------------------------------------------------------------

  private async requireUser(userId: string): Promise<UserAvailabilityRow> {
    const user = await this.repository.findUser(userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
    return user;
  }

  /**
   * The calendar, when the account may manage its owner. Someone else's calendar gets the same 404
   * as a missing one: its id must not tell a stranger that it exists.
   */
  async calendarFor(account: AuthenticatedAccount | undefined, calendarId: string): Promise<CalendarRow> {
    const calendar = await this.repository.findCalendar(calendarId);
    if (!calendar || !canManage(account, calendar.userId)) throw calendarNotFound();
    return calendar;
  }

  // ---- calendars -------------------------------------------------------------------------------------------

  async listCalendars(userId: string): Promise<CalendarDto[]> {
    await this.requireUser(userId);
    return (await this.repository.listCalendars(userId)).map(mapCalendar);
  }

  async createCalendar(userId: string, dto: CreateCalendarDto): Promise<CalendarDto> {
    await this.requireUser(userId);
    return mapCalendar(await this.repository.createCalendar(userId, dto));
  }

  async updateCalendar(userId: string, calendarId: string, dto: UpdateCalendarDto): Promise<CalendarDto> {
    if (dto.isDefault === false) {
      throw invalid(
        'DEFAULT_CALENDAR_REQUIRED',
        'Choisissez un autre calendrier par défaut plutôt que de retirer celui-ci',
      );
    }
    const row = await this.repository.updateCalendar(userId, calendarId, dto);
    if (!row) throw new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');
    return mapCalendar(row);
  }

  async deleteCalendar(userId: string, calendarId: string): Promise<void> {
    // Ownership first: another professional's calendar is "not found", whatever it contains.
    const calendar = await this.repository.findCalendar(calendarId);
    if (!calendar || calendar.userId !== userId) throw calendarNotFound();
    if (await this.repository.calendarHasAppointments(calendarId)) {
      throw new DomainError(
        'CALENDAR_HAS_APPOINTMENTS',
        'Ce calendrier contient des rendez-vous : il ne peut pas être supprimé',
        409,
      );
    }
    if (!(await this.repository.deleteCalendar(userId, calendarId))) throw calendarNotFound();
  }

  // ---- motives ---------------------------------------------------------------------------------------------

  async listMotives(userId: string): Promise<MotiveDto[]> {
    await this.requireUser(userId);
    return (await this.repository.listMotives(userId)).map(mapMotive);
  }

  async createMotive(userId: string, dto: CreateMotiveDto): Promise<MotiveDto> {
    await this.requireUser(userId);
    const data = {
      title: dto.title.trim(),
      durationMinutes: dto.durationMinutes,
      noticeMinutes: dto.noticeMinutes ?? 0,
      notBeforeHour: dto.notBeforeHour ?? null,
      notAfterMonths: dto.notAfterMonths ?? 3,
      inPersonAllowed: dto.inPersonAllowed ?? true,
      visioAllowed: dto.visioAllowed ?? false,
      phoneAllowed: dto.phoneAllowed ?? false,
      isActive: dto.isActive ?? true,
    };
    assertMotiveRules(data);
    return mapMotive(await this.repository.createMotive(userId, data));
  }

  async updateMotive(userId: string, motiveId: string, dto: UpdateMotiveDto): Promise<MotiveDto> {
    const current = await this.repository.findMotive(userId, motiveId);
    if (!current) throw new NotFoundError('MOTIVE_NOT_FOUND', 'Motif introuvable');
    const changes = { ...dto, ...(dto.title !== undefined ? { title: dto.title.trim() } : {}) };
    assertMotiveRules({ ...current, ...changes });
    const row = await this.repository.updateMotive(userId, motiveId, changes);
    if (!row) throw new NotFoundError('MOTIVE_NOT_FOUND', 'Motif introuvable');
    return mapMotive(row);
  }

  async deleteMotive(userId: string, motiveId: string): Promise<void> {
    if (!(await this.repository.deleteMotive(userId, motiveId))) {
      throw new NotFoundError('MOTIVE_NOT_FOUND', 'Motif introuvable');
    }
  }

  async reorderMotives(userId: string, motiveIds: string[]): Promise<MotiveDto[]> {
    const existing = await this.repository.listMotives(userId);
    const known = new Set(existing.map((m) => m.id));
    if (motiveIds.length !== known.size || motiveIds.some((id) => !known.has(id))) {
      throw invalid('INVALID_MOTIVE_ORDER', 'La nouvelle liste doit contenir chacun de vos motifs, une fois');
    }
    await this.repository.reorderMotives(userId, motiveIds);
    return (await this.repository.listMotives(userId)).map(mapMotive);
  }

  // ---- weekly availabilities -------------------------------------------------------------------------------

  async getWeek(calendar: CalendarRow): Promise<WeekDto> {
    const rows = await this.repository.listWeek(calendar.id);
    return { calendarId: calendar.id, ranges: rows.map(mapWeeklyRange) };
  }

  async replaceWeek(calendar: CalendarRow, ranges: WeeklyRangeDto[]): Promise<WeekDto> {
    assertWeekRanges(ranges);
    const motiveIds = [...new Set(ranges.flatMap((r) => r.motiveIds ?? []))];
    const own = await this.repository.ownMotiveIds(calendar.userId, motiveIds);
    if (motiveIds.some((id) => !own.has(id))) throw invalid('UNKNOWN_MOTIVE', 'Motif inconnu');
    const rows = await this.repository.replaceWeek(
      calendar.id,
      ranges.map((r) => ({
        weekday: r.weekday,
        startTime: r.startTime,
        endTime: r.endTime,
        motiveIds: r.motiveIds && r.motiveIds.length > 0 ? [...new Set(r.motiveIds)] : null,
      })),
    );
    return { calendarId: calendar.id, ranges: rows.map(mapWeeklyRange) };
  }

  // ---- unavailability periods and holidays -----------------------------------------------------------------

  async listUnavailabilities(userId: string): Promise<UnavailabilityDto[]> {
    await this.requireUser(userId);
    return (await this.repository.listUnavailabilities(userId)).map(mapUnavailability);
  }

  async createUnavailability(userId: string, dto: CreateUnavailabilityDto): Promise<UnavailabilityDto> {
    await this.requireUser(userId);
    const startsAt = new Date(dto.startsAt);
    const endsAt = new Date(dto.endsAt);
    if (!(endsAt > startsAt)) throw invalid('INVALID_RANGE', 'La fin doit être après le début');
    if (endsAt.getTime() - startsAt.getTime() > 366 * DAY_MS) {
      throw invalid('RANGE_TOO_LONG', 'Une indisponibilité ne peut pas dépasser un an');
    }
    if (dto.calendarId) {
      const calendar = await this.repository.findCalendar(dto.calendarId);
      if (!calendar || calendar.userId !== userId) throw invalid('UNKNOWN_CALENDAR', 'Calendrier inconnu');
    }
    const row = await this.repository.createUnavailability({
      userId,
      calendarId: dto.calendarId ?? null,
      startsAt,
      endsAt,
      reason: dto.reason?.trim() || null,
    });
    return mapUnavailability(row);
  }

  async deleteUnavailability(userId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteUnavailability(userId, id))) {
      throw new NotFoundError('UNAVAILABILITY_NOT_FOUND', 'Indisponibilité introuvable');
    }
  }

  async listHolidays(userId: string): Promise<HolidayDto[]> {
    await this.requireUser(userId);
    return (await this.repository.listHolidays(userId)).map(mapHoliday);
  }

  async createHoliday(userId: string, dto: CreateHolidayDto): Promise<HolidayDto> {
    await this.requireUser(userId);
    const first = safeLocalDate(dto.startsOn);
    const last = safeLocalDate(dto.endsOn);
    if (last < first) throw invalid('INVALID_RANGE', 'La date de fin doit être le jour du début ou après');
    if (last - first > 365 * DAY_MS)
      throw invalid('RANGE_TOO_LONG', 'Des vacances ne peuvent pas dépasser un an');
    const row = await this.repository.createHoliday({
      userId,
      startsOn: dto.startsOn,
      endsOn: dto.endsOn,
      label: dto.label?.trim() || null,
    });
    return mapHoliday(row);
  }

  async deleteHoliday(userId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteHoliday(userId, id))) {
      throw new NotFoundError('HOLIDAY_NOT_FOUND', 'Période de vacances introuvable');
    }
  }

  // ---- public holidays -------------------------------------------------------------------------------------

  async publicHolidays(userId: string, year: number): Promise<PublicHolidaysDto> {
    const user = await this.requireUser(userId);
    const country = holidayCountryOf(user.holidayCountry, user.country);
    const workedMonths = await this.repository.workedMonthsOfYear(userId, year);
    const worked = new Set(workedMonths);
    return {
      country,
      year,
      holidays: publicHolidaysOf(country, year).map((h) => ({
        date: h.date,
        name: h.name,
        month: h.date.slice(0, 7),
        worked: worked.has(h.date.slice(0, 7)),
      })),
      workedMonths,
    };
  }

  async setWorkedMonth(userId: string, month: string, worked: boolean): Promise<WorkedMonthDto> {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
      throw invalid('VALIDATION_FAILED', 'Le mois doit être au format AAAA-MM');
    await this.requireUser(userId);
    await this.repository.setWorkedMonth(userId, month, worked);
    return { month, worked };
  }

  // ---- settings --------------------------------------------------------------------------------------------

  async settings(userId: string): Promise<AvailabilitySettingsDto> {
    return mapSettings(await this.requireUser(userId));
  }

  async updateSettings(userId: string, dto: UpdateAvailabilitySettingsDto): Promise<AvailabilitySettingsDto> {
    const user = await this.requireUser(userId);
    const next = {
      amplitudeStart: dto.amplitudeStart !== undefined ? dto.amplitudeStart : toHhMm(user.amplitudeStart),
      amplitudeEnd: dto.amplitudeEnd !== undefined ? dto.amplitudeEnd : toHhMm(user.amplitudeEnd),
      holidayCountry: dto.holidayCountry !== undefined ? dto.holidayCountry : user.holidayCountry,
    };
    if (
      next.amplitudeStart !== null &&
      next.amplitudeEnd !== null &&
      parseLocalTime(next.amplitudeEnd) <= parseLocalTime(next.amplitudeStart)
    ) {
      throw invalid('INVALID_RANGE', 'La fin de l’amplitude doit être après son début');
    }
    await this.repository.saveSettings(userId, next, {
      visioEnabled: dto.visioEnabled,
      phoneEnabled: dto.phoneEnabled,
    });
    return mapSettings(await this.requireUser(userId));
  }

  // ---- public reads ----------------------------------------------------------------------------------------

  /** The motives a visitor can book (booking dialog, step "motif"): active ones with at least one mode on. */
  async bookingMotives(userId: string): Promise<BookingMotiveDto[]> {
    const user = await this.requireUser(userId);
    if (!user.isPublic || !user.acceptsOnlineBooking) return [];
    const motives = await this.repository.listMotives(userId);
    return motives
      .filter((m) => m.isActive)
      .map((m) => ({
        id: m.id,
        title: m.title,
        durationMinutes: m.durationMinutes,
        modes: offeredModes(m, user),
      }))
      .filter((m) => m.modes.length > 0);
  }

  /**
   * For booking (issue 6): the free slot of this motive starting exactly at `start`, computed with the same
   * rules as the public read, or null when it is not offered (taken, closed, too soon, too far, wrong mode).
   * An application check for a clear message; the exclusion constraint on appointments is the guarantee.
   */
  async findFreeSlot(
    request: { userId: string; motiveId: string; start: Date; mode?: AppointmentMode; calendarId?: string },
    now = new Date(),
  ): Promise<{
    start: string;
    end: string;
    calendarId: string;
    timezone: string;
    durationMinutes: number;
  } | null> {
    const startMs = request.start.getTime();
    if (Number.isNaN(startMs)) return null;
    const day = (offset: number) => new Date(startMs + offset * DAY_MS).toISOString().slice(0, 10);
    // The whole day around `start` is read: where a free range starts decides the grid of start times.
    const [context] = await this.repository.slotContexts(
      [request.userId],
      request.motiveId,
      request.calendarId ?? null,
      day(-1),
      day(1),
      {
        from: new Date(startMs - DAY_MS - BLOCK_MARGIN_MS),
        to: new Date(startMs + DAY_MS + BLOCK_MARGIN_MS),
      },
    );
    if (!context || !context.calendarId || !context.motive || context.motive.id !== request.motiveId)
      return null;
    const base = engineInput(context, request.mode);
    if (!base) return null;
    const [slot] = computeSlots({
      ...base,
      busy: toRanges(context.blocks),
      from: startMs,
      to: startMs + 1,
      now,
    });
    if (!slot || Date.parse(slot.start) !== startMs) return null;
    return {
      ...slot,
      calendarId: context.calendarId,
      timezone: context.timezone,
      durationMinutes: context.motive.durationMinutes,
    };
  }

  // ---- public slot reads -----------------------------------------------------------------------------------

  /** Free slots of one professional: one SQL query (context and blocks together). */
  async slots(userId: string, query: SlotsQueryDto, now = new Date()): Promise<SlotsDto> {
    const range = parseRequestedRange(query.from, query.to, now);
    // One round trip: the blocks window is padded by a day on each side, so it covers the local dates
    // asked whatever the professional's offset.
    const [context] = await this.repository.slotContexts(
      [userId],
      query.motiveId ?? null,
      query.calendarId ?? null,
      range.fromDateBound,
      range.toDateBound,
      range.blocksWindow,
    );
    if (!context) throw new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
    if (query.motiveId && (!context.motive || !context.motive.isActive))
      throw invalid('UNKNOWN_MOTIVE', 'Motif inconnu');
    if (query.calendarId && !context.calendarId) throw invalid('UNKNOWN_CALENDAR', 'Calendrier inconnu');

    const clock = ZoneClock.of(context.timezone);
    const from = range.from(clock);
    const to = range.to(clock, from);
    if (!(to > from)) throw invalid('INVALID_RANGE', 'La fin de la période doit être après son début');
    if (to - from > MAX_SLOT_RANGE_DAYS * DAY_MS + 2 * 3_600_000) {
      throw invalid(
        'RANGE_TOO_LONG',
        `La période demandée ne peut pas dépasser ${MAX_SLOT_RANGE_DAYS} jours`,
      );
    }
    const answer: SlotsDto = {
      userId,
      motiveId: context.motive?.id ?? null,
      calendarId: context.calendarId,
      timezone: context.timezone,
      slots: [],
    };
    const base = engineInput(context, query.mode);
    if (!base) return answer;
    answer.slots = computeSlots({ ...base, busy: toRanges(context.blocks), from, to, now });
    return answer;
  }

  /**
   * The next free slots of up to 20 professionals (directory cards), first active motive and default
   * calendar of each: at most 2 SQL queries whatever the number of professionals (contexts with the blocks of
   * the first days; then blocks up to 60 days for those still short of slots).
   */
  async nextSlots(userIds: string[], limit: number, now = new Date()): Promise<NextSlotsDto> {
    const ids = [...new Set(userIds)];
    const nowMs = now.getTime();
    const dayBefore = new Date(nowMs - DAY_MS).toISOString().slice(0, 10);
    const lastDay = new Date(nowMs + (NEXT_SLOTS_MAX_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
    // Query 1: every context with its blocks of the first window.
    const contexts = await this.repository.slotContexts(ids, null, null, dayBefore, lastDay, {
      from: new Date(nowMs - BLOCK_MARGIN_MS),
      to: new Date(nowMs + NEXT_SLOTS_FIRST_DAYS * DAY_MS + BLOCK_MARGIN_MS),
    });
    const byUser = new Map(contexts.map((c) => [c.userId, c]));
    const inputs = new Map<string, Omit<SlotInput, 'from' | 'to' | 'now'>>();
    for (const context of contexts) {
      const input = engineInput(context, undefined);
      // No weekly range open to the motive: no slot ever, no need to look further.
      if (input && hasOpenRange(input)) inputs.set(context.userId, input);
    }

    const run = (userId: string, blocks: InstantRange[], days: number) =>
      computeNextSlots({ ...inputs.get(userId)!, busy: blocks, now: nowMs, limit, searchDays: days });

    const results = new Map<string, ReturnType<typeof run>>();
    const eligible = [...inputs.keys()];
    const calendarsOf = (list: string[]) => list.map((id) => byUser.get(id)!.calendarId!);
    const firstBlocks = new Map(eligible.map((id) => [id, toRanges(byUser.get(id)!.blocks)]));
    const shortOf: string[] = [];
    for (const userId of eligible) {
      const slots = run(userId, firstBlocks.get(userId) ?? [], NEXT_SLOTS_FIRST_DAYS);
      results.set(userId, slots);
      if (slots.length < limit) shortOf.push(userId);
    }
    if (shortOf.length > 0) {
      const moreBlocks = groupBlocks(
        await this.repository.blocks(
          shortOf,
          calendarsOf(shortOf),
          new Date(nowMs + NEXT_SLOTS_FIRST_DAYS * DAY_MS - BLOCK_MARGIN_MS),
          new Date(nowMs + NEXT_SLOTS_MAX_DAYS * DAY_MS + BLOCK_MARGIN_MS),
        ),
      );
      // Query 2 (only for professionals still short of slots): blocks up to the end of the search.
      for (const userId of shortOf) {
        const blocks: InstantRange[] = [
          ...(firstBlocks.get(userId) ?? []),
          ...(moreBlocks.get(userId) ?? []),
        ];
        results.set(userId, run(userId, blocks, NEXT_SLOTS_MAX_DAYS));
      }
    }

    return {
      items: ids
        .filter((id) => byUser.has(id))
        .map((id) => ({ ...emptyItem(byUser.get(id)!), slots: results.get(id) ?? [] })),
    };
  }
}

// ---- pure helpers ----------------------------------------------------------------------------------------

function holidayCountryOf(setting: string | null, accountCountry: string): HolidayCountry {
  if (setting && (HOLIDAY_COUNTRIES as readonly string[]).includes(setting)) return setting as HolidayCountry;
  return (HOLIDAY_COUNTRIES as readonly string[]).includes(accountCountry)
    ? (accountCountry as HolidayCountry)
    : 'FR';
}

/** The engine's input for a professional, or null when nothing can be offered (inactive, no motive...). */
function engineInput(
  context: SlotContextRow,
  mode: AppointmentMode | undefined,
): Omit<SlotInput, 'from' | 'to' | 'now'> | null {
  const { motive } = context;
  if (
    !context.isPublic ||
    !context.acceptsOnlineBooking ||
    !motive ||
    !motive.isActive ||
    !context.calendarId
  )
    return null;
  const modes = offeredModes(motive, context);
  if (modes.length === 0 || (mode && !modes.includes(mode))) return null;
  const slotMotive: SlotMotive = {
    id: motive.id,
    durationMinutes: motive.durationMinutes,
    noticeMinutes: motive.noticeMinutes,
    notBeforeHour: motive.notBeforeHour,
    notAfterMonths: motive.notAfterMonths,
    modes,
  };
  return {
    timeZone: context.timezone,
    weeklyRules: context.rules,
    motive: slotMotive,
    mode,
    amplitude:
      context.amplitudeStart || context.amplitudeEnd
        ? { start: context.amplitudeStart ?? '00:00', end: context.amplitudeEnd ?? '24:00' }
        : null,
    holidays: context.holidays,
    holidayCountry: holidayCountryOf(context.holidayCountry, context.country),
    workedHolidayMonths: context.workedMonths,
  };
}

function hasOpenRange(input: Omit<SlotInput, 'from' | 'to' | 'now'>): boolean {
  return input.weeklyRules.some(
    (rule) => !rule.motiveIds || rule.motiveIds.length === 0 || rule.motiveIds.includes(input.motive.id),
  );
}

/** Modes a motive can be booked in: allowed by the motive and switched on by the professional. */
function offeredModes(
  motive: { inPersonAllowed: boolean; visioAllowed: boolean; phoneAllowed: boolean },
  switches: { inPersonEnabled: boolean; visioEnabled: boolean; phoneEnabled: boolean },
): AppointmentMode[] {
  const modes: AppointmentMode[] = [];
  if (motive.inPersonAllowed && switches.inPersonEnabled) modes.push('in_person');
  if (motive.visioAllowed && switches.visioEnabled) modes.push('visio');
  if (motive.phoneAllowed && switches.phoneEnabled) modes.push('phone');
  return modes;
}

function emptyItem(context: SlotContextRow) {
  return {
    userId: context.userId,
    timezone: context.timezone,
    motiveId: context.motive?.id ?? null,
    slots: [],
  };
}

function toRanges(pairs: Array<[number, number]> | null): InstantRange[] {
  return (pairs ?? []).map(([start, end]) => ({ start, end }));
}

function groupBlocks(rows: BlockRow[]): Map<string, BlockRow[]> {
  const map = new Map<string, BlockRow[]>();
  for (const row of rows) {
    let list = map.get(row.userId);
    if (!list) map.set(row.userId, (list = []));
    list.push(row);
  }
  return map;
}

/**
 * `from` / `to` of a slots request: local dates (AAAA-MM-JJ, read in the professional's zone once it is
 * known; `to` included) or ISO instants (`to` excluded). Format errors are found before any query.
 */
function parseRequestedRange(fromText: string | undefined, toText: string | undefined, now: Date) {
  const read = (text: string, name: string): { date: number } | { instant: number } => {
    if (LOCAL_DATE.test(text)) return { date: safeLocalDate(text) };
    if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
      const instant = Date.parse(text);
      if (!Number.isNaN(instant)) return { instant };
    }
    throw invalid('VALIDATION_FAILED', `${name} doit être une date AAAA-MM-JJ ou une date et heure ISO 8601`);
  };
  const fromValue = fromText === undefined ? { instant: now.getTime() } : read(fromText, 'from');
  const toValue = toText === undefined ? undefined : read(toText, 'to');
  const utcDate = (v: { date: number } | { instant: number }) => ('date' in v ? v.date : v.instant);
  const fromBound = utcDate(fromValue) - DAY_MS;
  const toBound = toValue ? utcDate(toValue) + 2 * DAY_MS : utcDate(fromValue) + 9 * DAY_MS;
  if (
    toValue &&
    ('date' in toValue && 'date' in fromValue
      ? toValue.date < fromValue.date
      : utcDate(toValue) <= utcDate(fromValue) - DAY_MS)
  ) {
    throw invalid('INVALID_RANGE', 'La fin de la période doit être après son début');
  }
  if (toValue && utcDate(toValue) - utcDate(fromValue) > (MAX_SLOT_RANGE_DAYS + 1) * DAY_MS) {
    throw invalid('RANGE_TOO_LONG', `La période demandée ne peut pas dépasser ${MAX_SLOT_RANGE_DAYS} jours`);
  }
  return {
    blocksWindow: { from: new Date(fromBound), to: new Date(Math.max(toBound, fromBound + DAY_MS)) },
    fromDateBound: new Date(fromBound).toISOString().slice(0, 10),
    toDateBound: new Date(toBound).toISOString().slice(0, 10),
    from: (clock: ZoneClock) => ('date' in fromValue ? clock.toInstant(fromValue.date) : fromValue.instant),
    to: (clock: ZoneClock, from: number) => {
      if (!toValue) return from + 7 * DAY_MS;
      return 'date' in toValue ? clock.toInstant(toValue.date + DAY_MS) : toValue.instant;
    },
  };
}

function safeLocalDate(text: string): number {
  try {
    return parseLocalDate(text);
  } catch {
    throw invalid('VALIDATION_FAILED', `Date invalide : ${text}`);
  }
}

function assertMotiveRules(motive: {
  durationMinutes: number;
  notAfterMonths: number;
  inPersonAllowed: boolean;
  visioAllowed: boolean;
  phoneAllowed: boolean;
}): void {
  if (!(motive.durationMinutes > 0) || motive.durationMinutes % 5 !== 0) {
    throw invalid('VALIDATION_FAILED', 'La durée doit être un multiple de 5 minutes');
  }
  if (!(motive.notAfterMonths >= 1))
    throw invalid('VALIDATION_FAILED', 'L’horizon de réservation doit être d’au moins 1 mois');
  if (!motive.inPersonAllowed && !motive.visioAllowed && !motive.phoneAllowed) {
    throw invalid('NO_MODE', 'Choisissez au moins un mode de rendez-vous (cabinet, visio ou téléphone)');
  }
}

/** Each range ends after it starts; ranges of one day never overlap (touching is fine). */
export function assertWeekRanges(ranges: WeeklyRangeDto[]): void {
  const byDay = new Map<number, Array<{ start: number; end: number; label: string }>>();
  for (const range of ranges) {
    const start = parseLocalTime(range.startTime);
    const end = parseLocalTime(range.endTime);
    const label = `${range.startTime}-${range.endTime}`;
    if (end <= start) {
      throw invalid(
        'INVALID_RANGE',
        `La plage ${label} du ${WEEKDAY_NAMES[range.weekday]} doit finir après son début`,
      );
    }
    const list = byDay.get(range.weekday) ?? [];
    list.push({ start, end, label });
    byDay.set(range.weekday, list);
  }
  for (const [weekday, list] of byDay) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      if (list[i].start < list[i - 1].end) {
        throw invalid(
          'OVERLAPPING_RANGES',
          `Les plages ${list[i - 1].label} et ${list[i].label} du ${WEEKDAY_NAMES[weekday]} se chevauchent`,
        );
      }
    }
  }
}

// ---- mappers ---------------------------------------------------------------------------------------------

function mapCalendar(row: CalendarRow): CalendarDto {
  return { id: row.id, name: row.name, color: row.color, position: row.position, isDefault: row.isDefault };
}

function mapMotive(row: MotiveRow): MotiveDto {
  return {
    id: row.id,
    title: row.title,
    durationMinutes: row.durationMinutes,
    noticeMinutes: row.noticeMinutes,
    notBeforeHour: row.notBeforeHour,
    notAfterMonths: row.notAfterMonths,
    inPersonAllowed: row.inPersonAllowed,
    visioAllowed: row.visioAllowed,
    phoneAllowed: row.phoneAllowed,
    isActive: row.isActive,
    position: row.position,
  };
}

function mapWeeklyRange(row: {
  weekday: number;
  startTime: string;
  endTime: string;
  motiveIds: string[] | null;
}) {
  return {
    weekday: row.weekday,
    startTime: toHhMm(row.startTime)!,
    endTime: row.endTime.startsWith('24:') ? '24:00' : toHhMm(row.endTime)!,
    motiveIds: row.motiveIds,
  };
}

function mapUnavailability(row: UnavailabilityRow): UnavailabilityDto {
  return {
    id: row.id,
    calendarId: row.calendarId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
  };
}

function mapHoliday(row: HolidayRow): HolidayDto {
  return { id: row.id, startsOn: row.startsOn, endsOn: row.endsOn, label: row.label };
}

function mapSettings(user: UserAvailabilityRow): AvailabilitySettingsDto {
  return {
    amplitudeStart: toHhMm(user.amplitudeStart),
    amplitudeEnd: user.amplitudeEnd?.startsWith('24:') ? '24:00' : toHhMm(user.amplitudeEnd),
    visioEnabled: user.visioEnabled,
    phoneEnabled: user.phoneEnabled,
    holidayCountry: (user.holidayCountry as HolidayCountry | null) ?? null,
    effectiveHolidayCountry: holidayCountryOf(user.holidayCountry, user.country),
    timezone: user.timezone,
  };
}

import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import type { AuthenticatedAccount } from '../identity';
import {
  type AvailabilitySettingsDto,
  type CalendarDto,
  type CreateCalendarDto,
  type CreateHolidayDto,
  type CreateMotiveDto,
  type CreateUnavailabilityDto,
  type HolidayDto,
  type MotiveDto,
  type PublicHolidaysDto,
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
  type CalendarRow,
  type HolidayRow,
  type MotiveRow,
  type UnavailabilityRow,
  type UserAvailabilityRow,
} from './availability.repository';
import { type HolidayCountry, publicHolidaysOf } from './public-holidays';
import { DAY_MS, parseLocalTime } from './zone-clock';
import { holidayCountryOf, invalid, requireProfessional, safeLocalDate } from './agenda-rules';

const WEEKDAY_NAMES = ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

/** A professional manages only their own agenda; administrators manage any. */
function canManage(account: AuthenticatedAccount | undefined, userId: string): boolean {
  if (!account) return false;
  return account.kind === 'admin' || (account.kind === 'user' && account.id === userId);
}

const calendarNotFound = () => new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');

/**
 * The professional's agenda settings: calendars, motives, weekly hours, closed periods, holidays and booking
 * settings (`/user/calendriers`, `/user/motifs`, `/user/periodes-de-vacances`, `/user/setting`). The slot queries
 * built on them are SlotsService.
 */
@Injectable()
export class AvailabilityService {
  constructor(private readonly repository: AvailabilityRepository) {}

  // ---- access ----------------------------------------------------------------------------------------------

  private requireUser(userId: string): Promise<UserAvailabilityRow> {
    return requireProfessional(this.repository, userId);
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
      priceCents: dto.priceCents ?? null,
      paymentRule: dto.paymentRule ?? 'free',
      cancellationDeadlineHours: dto.cancellationDeadlineHours ?? 24,
      lateCancellationRefund: dto.lateCancellationRefund ?? 'none',
      acceptsLegalAid: dto.acceptsLegalAid ?? false,
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
}

// ---- pure helpers ----------------------------------------------------------------------------------------

function assertMotiveRules(motive: {
  durationMinutes: number;
  notAfterMonths: number;
  inPersonAllowed: boolean;
  visioAllowed: boolean;
  phoneAllowed: boolean;
  priceCents: number | null;
  paymentRule: string;
}): void {
  // The one rule between two fields (each field's own range is the DTO's): a motive paid online has a price.
  if (motive.paymentRule === 'at_booking' && motive.priceCents === null)
    throw invalid('PRICE_REQUIRED', 'Indiquez le prix TTC d’un motif payé à la réservation');
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
    priceCents: row.priceCents,
    paymentRule: row.paymentRule,
    cancellationDeadlineHours: row.cancellationDeadlineHours,
    lateCancellationRefund: row.lateCancellationRefund,
    acceptsLegalAid: row.acceptsLegalAid,
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

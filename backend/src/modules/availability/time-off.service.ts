import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/domain-error';
import type {
  CreateHolidayDto,
  CreateUnavailabilityDto,
  HolidayDto,
  PublicHolidaysDto,
  UnavailabilityDto,
  WorkedMonthDto,
} from './availability.dto';
import { AvailabilityRepository, type UserAvailabilityRow } from './availability.repository';
import { mapHoliday, mapUnavailability } from './availability-presenter';
import { publicHolidaysOf } from './public-holidays';
import { DAY_MS } from './zone-clock';
import { holidayCountryOf, invalid, requireProfessional, safeLocalDate } from './agenda-rules';

/**
 * The professional's time off (`/user/periodes-de-vacances`): closed periods, holidays, and the public holidays
 * of their country with the months they choose to work them.
 */
@Injectable()
export class TimeOffService {
  constructor(private readonly repository: AvailabilityRepository) {}

  private requireUser(userId: string): Promise<UserAvailabilityRow> {
    return requireProfessional(this.repository, userId);
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
}

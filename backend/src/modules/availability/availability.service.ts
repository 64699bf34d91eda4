import { Injectable } from '@nestjs/common';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import type { AuthenticatedAccount } from '../identity';
import {
  type AvailabilitySettingsDto,
  type CalendarDto,
  type CreateCalendarDto,
  type CreateMotiveDto,
  type MotiveDto,
  toHhMm,
  type UpdateAvailabilitySettingsDto,
  type UpdateCalendarDto,
  type UpdateMotiveDto,
  type WeekDto,
  type WeeklyRangeDto,
} from './availability.dto';
import {
  AvailabilityRepository,
  type CalendarRow,
  type UserAvailabilityRow,
} from './availability.repository';
import { mapCalendar, mapMotive, mapSettings, mapWeeklyRange } from './availability-presenter';
import { parseLocalTime } from './zone-clock';
import { assertMotiveRules, assertWeekRanges, invalid, requireProfessional } from './agenda-rules';

/** A professional manages only their own agenda; administrators manage any. */
function canManage(account: AuthenticatedAccount | undefined, userId: string): boolean {
  if (!account) return false;
  return account.kind === 'admin' || (account.kind === 'user' && account.id === userId);
}

const calendarNotFound = () => new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');

/**
 * The professional's agenda settings: calendars, motives, weekly hours and booking settings (`/user/calendriers`,
 * `/user/motifs`, `/user/setting`). Time off is TimeOffService; the slot queries built on both are SlotsService.
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
    if (data.paymentRule === 'at_booking') await this.assertCanTakePayments(userId);
    return mapMotive(await this.repository.createMotive(userId, data));
  }

  async updateMotive(userId: string, motiveId: string, dto: UpdateMotiveDto): Promise<MotiveDto> {
    const current = await this.repository.findMotive(userId, motiveId);
    if (!current) throw new NotFoundError('MOTIVE_NOT_FOUND', 'Motif introuvable');
    const changes = { ...dto, ...(dto.title !== undefined ? { title: dto.title.trim() } : {}) };
    assertMotiveRules({ ...current, ...changes });
    if (changes.paymentRule === 'at_booking' && current.paymentRule !== 'at_booking')
      await this.assertCanTakePayments(userId);
    const row = await this.repository.updateMotive(userId, motiveId, changes);
    if (!row) throw new NotFoundError('MOTIVE_NOT_FOUND', 'Motif introuvable');
    return mapMotive(row);
  }

  /** A motive paid at booking needs the professional's connected account able to take the clients' payments. */
  private async assertCanTakePayments(userId: string): Promise<void> {
    if (!(await this.repository.canTakePayments(userId)))
      throw new ConflictError(
        'PAYMENTS_NOT_ENABLED',
        'Activez d’abord l’encaissement en ligne dans « Mes paiements » (compte de paiement Stripe) pour proposer un motif payé à la réservation',
      );
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

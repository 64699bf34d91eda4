import {
  type AvailabilitySettingsDto,
  type CalendarDto,
  type HolidayDto,
  type MotiveDto,
  toHhMm,
  type UnavailabilityDto,
} from './availability.dto';
import type {
  CalendarRow,
  HolidayRow,
  MotiveRow,
  UnavailabilityRow,
  UserAvailabilityRow,
} from './availability.repository';

import { holidayCountryOf } from './agenda-rules';
import type { HolidayCountry } from './public-holidays';

// The agenda settings' rows as the API shows them.

export function mapCalendar(row: CalendarRow): CalendarDto {
  return { id: row.id, name: row.name, color: row.color, position: row.position, isDefault: row.isDefault };
}

export function mapMotive(row: MotiveRow): MotiveDto {
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

export function mapWeeklyRange(row: {
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

export function mapUnavailability(row: UnavailabilityRow): UnavailabilityDto {
  return {
    id: row.id,
    calendarId: row.calendarId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
  };
}

export function mapHoliday(row: HolidayRow): HolidayDto {
  return { id: row.id, startsOn: row.startsOn, endsOn: row.endsOn, label: row.label };
}

export function mapSettings(user: UserAvailabilityRow): AvailabilitySettingsDto {
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

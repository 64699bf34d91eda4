import { api } from './client';

const user = (userId: string) => `/users/${encodeURIComponent(userId)}`;

export interface Calendar {
  id: string;
  name: string;
  color: string;
  position: number;
  isDefault: boolean;
}

export interface CalendarPayload {
  name?: string;
  color?: string;
  isDefault?: boolean;
}

export interface Motive {
  id: string;
  title: string;
  /** Minutes, a multiple of 5. */
  durationMinutes: number;
  /** Minimum notice before the appointment, minutes. */
  noticeMinutes: number;
  /** No slot starting before this local hour (null = no limit). */
  notBeforeHour: number | null;
  /** Booking horizon, months (>= 1). */
  notAfterMonths: number;
  inPersonAllowed: boolean;
  visioAllowed: boolean;
  phoneAllowed: boolean;
  isActive: boolean;
  position: number;
}

export type MotivePayload = Omit<Motive, 'id' | 'position'>;

export interface WeeklyRange {
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
  startTime: string;
  endTime: string;
  /** Limited to these motives; null = all. */
  motiveIds?: string[] | null;
}

export interface Week {
  calendarId: string;
  ranges: WeeklyRange[];
}

export interface Unavailability {
  id: string;
  calendarId: string | null;
  startsAt: string;
  endsAt: string;
  reason: string | null;
}

export interface UnavailabilityPayload {
  startsAt: string;
  endsAt: string;
  calendarId?: string;
  reason?: string;
}

export interface Holiday {
  id: string;
  startsOn: string;
  /** Included. */
  endsOn: string;
  label: string | null;
}

export interface HolidayPayload {
  startsOn: string;
  endsOn: string;
  label?: string;
}

export type HolidayCountry = 'FR' | 'BE' | 'CH';

export interface PublicHolidays {
  country: HolidayCountry;
  year: number;
  holidays: { date: string; name: string; month: string; worked: boolean }[];
  workedMonths: string[];
}

export interface AvailabilitySettings {
  amplitudeStart: string | null;
  amplitudeEnd: string | null;
  visioEnabled: boolean;
  phoneEnabled: boolean;
  holidayCountry: HolidayCountry | null;
  effectiveHolidayCountry: HolidayCountry;
  timezone: string;
}

export type AvailabilitySettingsPayload = Partial<
  Pick<
    AvailabilitySettings,
    'amplitudeStart' | 'amplitudeEnd' | 'visioEnabled' | 'phoneEnabled' | 'holidayCountry'
  >
>;

/** The professional's availability settings (backend module `availability`). */
export const availabilityApi = {
  calendars: (userId: string, signal?: AbortSignal) =>
    api.get<Calendar[]>(`${user(userId)}/calendars`, signal),
  createCalendar: (userId: string, payload: CalendarPayload) =>
    api.post<Calendar>(`${user(userId)}/calendars`, payload),
  updateCalendar: (userId: string, calendarId: string, payload: CalendarPayload) =>
    api.patch<Calendar>(`${user(userId)}/calendars/${encodeURIComponent(calendarId)}`, payload),
  deleteCalendar: (userId: string, calendarId: string) =>
    api.delete<void>(`${user(userId)}/calendars/${encodeURIComponent(calendarId)}`),

  week: (calendarId: string, signal?: AbortSignal) =>
    api.get<Week>(`/calendars/${encodeURIComponent(calendarId)}/weekly-availabilities`, signal),
  replaceWeek: (calendarId: string, ranges: WeeklyRange[]) =>
    api.put<Week>(`/calendars/${encodeURIComponent(calendarId)}/weekly-availabilities`, { ranges }),

  motives: (userId: string, signal?: AbortSignal) => api.get<Motive[]>(`${user(userId)}/motives`, signal),
  createMotive: (userId: string, payload: MotivePayload) =>
    api.post<Motive>(`${user(userId)}/motives`, payload),
  updateMotive: (userId: string, motiveId: string, payload: Partial<MotivePayload>) =>
    api.patch<Motive>(`${user(userId)}/motives/${encodeURIComponent(motiveId)}`, payload),
  deleteMotive: (userId: string, motiveId: string) =>
    api.delete<void>(`${user(userId)}/motives/${encodeURIComponent(motiveId)}`),
  reorderMotives: (userId: string, motiveIds: string[]) =>
    api.put<Motive[]>(`${user(userId)}/motives/order`, { motiveIds }),

  unavailabilities: (userId: string, signal?: AbortSignal) =>
    api.get<Unavailability[]>(`${user(userId)}/unavailabilities`, signal),
  createUnavailability: (userId: string, payload: UnavailabilityPayload) =>
    api.post<Unavailability>(`${user(userId)}/unavailabilities`, payload),
  deleteUnavailability: (userId: string, id: string) =>
    api.delete<void>(`${user(userId)}/unavailabilities/${encodeURIComponent(id)}`),

  holidays: (userId: string, signal?: AbortSignal) => api.get<Holiday[]>(`${user(userId)}/holidays`, signal),
  createHoliday: (userId: string, payload: HolidayPayload) =>
    api.post<Holiday>(`${user(userId)}/holidays`, payload),
  deleteHoliday: (userId: string, id: string) =>
    api.delete<void>(`${user(userId)}/holidays/${encodeURIComponent(id)}`),

  publicHolidays: (userId: string, year: number, signal?: AbortSignal) =>
    api.get<PublicHolidays>(`${user(userId)}/public-holidays?year=${year}`, signal),
  setWorkedMonth: (userId: string, month: string, worked: boolean) =>
    api.put<{ month: string; worked: boolean }>(
      `${user(userId)}/public-holidays/${encodeURIComponent(month)}`,
      { worked },
    ),

  settings: (userId: string, signal?: AbortSignal) =>
    api.get<AvailabilitySettings>(`${user(userId)}/availability-settings`, signal),
  updateSettings: (userId: string, payload: AvailabilitySettingsPayload) =>
    api.put<AvailabilitySettings>(`${user(userId)}/availability-settings`, payload),
};

import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

export type Calendar = Schemas['CalendarDto'];
export type CalendarPayload = Schemas['UpdateCalendarDto'];
export type NewCalendarPayload = Schemas['CreateCalendarDto'];
export type Motive = Schemas['MotiveDto'];
export type MotivePayload = Schemas['CreateMotiveDto'];
export type WeeklyRange = Schemas['WeeklyRangeDto'];
export type UnavailabilityPayload = Schemas['CreateUnavailabilityDto'];
export type HolidayPayload = Schemas['CreateHolidayDto'];
export type PublicHolidays = Schemas['PublicHolidaysDto'];
export type HolidayCountry = PublicHolidays['country'];
export type AvailabilitySettings = Schemas['AvailabilitySettingsDto'];
export type AvailabilitySettingsPayload = Schemas['UpdateAvailabilitySettingsDto'];

const user = (userId: string) => ({ path: { id: userId } });

/** The professional's availability settings (backend module `availability`). */
export const availabilityApi = {
  calendars: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/calendars', { params: user(userId), signal })),
  createCalendar: (userId: string, payload: NewCalendarPayload) =>
    unwrap(api.POST('/api/v1/users/{id}/calendars', { params: user(userId), body: payload })),
  updateCalendar: (userId: string, calendarId: string, payload: CalendarPayload) =>
    unwrap(
      api.PATCH('/api/v1/users/{id}/calendars/{calendarId}', {
        params: { path: { id: userId, calendarId } },
        body: payload,
      }),
    ),
  deleteCalendar: (userId: string, calendarId: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/calendars/{calendarId}', {
        params: { path: { id: userId, calendarId } },
      }),
    ),

  week: (calendarId: string, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/calendars/{calendarId}/weekly-availabilities', {
        params: { path: { calendarId } },
        signal,
      }),
    ),
  replaceWeek: (calendarId: string, ranges: WeeklyRange[]) =>
    unwrap(
      api.PUT('/api/v1/calendars/{calendarId}/weekly-availabilities', {
        params: { path: { calendarId } },
        body: { ranges },
      }),
    ),

  motives: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/motives', { params: user(userId), signal })),
  createMotive: (userId: string, payload: MotivePayload) =>
    unwrap(api.POST('/api/v1/users/{id}/motives', { params: user(userId), body: payload })),
  updateMotive: (userId: string, motiveId: string, payload: Schemas['UpdateMotiveDto']) =>
    unwrap(
      api.PATCH('/api/v1/users/{id}/motives/{motiveId}', {
        params: { path: { id: userId, motiveId } },
        body: payload,
      }),
    ),
  deleteMotive: (userId: string, motiveId: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/motives/{motiveId}', { params: { path: { id: userId, motiveId } } }),
    ),
  reorderMotives: (userId: string, motiveIds: string[]) =>
    unwrap(api.PUT('/api/v1/users/{id}/motives/order', { params: user(userId), body: { motiveIds } })),

  unavailabilities: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/unavailabilities', { params: user(userId), signal })),
  createUnavailability: (userId: string, payload: UnavailabilityPayload) =>
    unwrap(api.POST('/api/v1/users/{id}/unavailabilities', { params: user(userId), body: payload })),
  deleteUnavailability: (userId: string, id: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/unavailabilities/{unavailabilityId}', {
        params: { path: { id: userId, unavailabilityId: id } },
      }),
    ),

  holidays: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/holidays', { params: user(userId), signal })),
  createHoliday: (userId: string, payload: HolidayPayload) =>
    unwrap(api.POST('/api/v1/users/{id}/holidays', { params: user(userId), body: payload })),
  deleteHoliday: (userId: string, id: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/holidays/{holidayId}', {
        params: { path: { id: userId, holidayId: id } },
      }),
    ),

  publicHolidays: (userId: string, year: number, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/public-holidays', {
        params: { path: { id: userId }, query: { year } },
        signal,
      }),
    ),
  setWorkedMonth: (userId: string, month: string, worked: boolean) =>
    unwrap(
      api.PUT('/api/v1/users/{id}/public-holidays/{month}', {
        params: { path: { id: userId, month } },
        body: { worked },
      }),
    ),

  settings: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/availability-settings', { params: user(userId), signal })),
  updateSettings: (userId: string, payload: AvailabilitySettingsPayload) =>
    unwrap(api.PUT('/api/v1/users/{id}/availability-settings', { params: user(userId), body: payload })),
};

/** The fee agreement terms of a paid motive (lawyers; backend module `fee-agreements`). */
export const feeAgreementApi = {
  terms: (userId: string, motiveId: string, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/motives/{motiveId}/fee-agreement', {
        params: { path: { id: userId, motiveId } },
        signal,
      }),
    ),
  save: (userId: string, motiveId: string, terms: string | null) =>
    unwrap(
      api.PUT('/api/v1/users/{id}/motives/{motiveId}/fee-agreement', {
        params: { path: { id: userId, motiveId } },
        body: { terms },
      }),
    ),
};

import { api } from './client';

/** Connected calendar accounts (GET / POST / PATCH / DELETE /users/{id}/calendar-connections...). */
export type CalendarProvider = 'google' | 'caldav' | 'apple' | 'office365' | 'live' | 'exchange';
export type ConnectionStatus = 'active' | 'needs_reauth' | 'error';

export interface ExternalCalendar {
  id: string;
  displayName: string;
  color: string | null;
  useForBusy: boolean;
  isWriteTarget: boolean;
  allDayBlocks: boolean;
  lastSyncedAt: string | null;
}

export interface CalendarConnection {
  id: string;
  provider: CalendarProvider;
  accountLabel: string;
  serverUrl: string | null;
  status: ConnectionStatus;
  lastError: string | null;
  lastErrorAt: string | null;
  lastOkAt: string | null;
  pauseBookingWhenBroken: boolean;
  calendars: ExternalCalendar[];
}

export interface ConnectCalDavPayload {
  provider: 'caldav' | 'apple';
  serverUrl?: string;
  username: string;
  password: string;
}

const base = (userId: string) => `/users/${encodeURIComponent(userId)}/calendar-connections`;

export const calendarSyncApi = {
  list: (userId: string, signal?: AbortSignal) => api.get<CalendarConnection[]>(base(userId), signal),
  connectCalDav: (userId: string, payload: ConnectCalDavPayload) =>
    api.post<CalendarConnection>(`${base(userId)}/caldav`, payload),
  setPauseBookingWhenBroken: (userId: string, connectionId: string, pauseBookingWhenBroken: boolean) =>
    api.patch<CalendarConnection>(`${base(userId)}/${encodeURIComponent(connectionId)}`, {
      pauseBookingWhenBroken,
    }),
  updateCalendar: (
    userId: string,
    connectionId: string,
    calendarId: string,
    choices: Partial<Pick<ExternalCalendar, 'useForBusy' | 'isWriteTarget' | 'allDayBlocks'>>,
  ) =>
    api.patch<ExternalCalendar>(
      `${base(userId)}/${encodeURIComponent(connectionId)}/calendars/${encodeURIComponent(calendarId)}`,
      choices,
    ),
  disconnect: (userId: string, connectionId: string) =>
    api.delete<void>(`${base(userId)}/${encodeURIComponent(connectionId)}`),
  /** The private ICS feed URL (created on first read). */
  feed: (userId: string, signal?: AbortSignal) =>
    api.get<{ url: string }>(`/users/${encodeURIComponent(userId)}/calendar-feed`, signal),
  regenerateFeed: (userId: string) =>
    api.post<{ url: string }>(`/users/${encodeURIComponent(userId)}/calendar-feed/regenerate`),
};

import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

/** Connected calendar accounts (GET / POST / PATCH / DELETE /users/{id}/calendar-connections...). */
export type CalendarConnection = Schemas['CalendarConnectionDto'];
export type CalendarProvider = CalendarConnection['provider'];
export type ExternalCalendar = Schemas['ExternalCalendarDto'];
export type ConnectCalDavPayload = Schemas['ConnectCalDavDto'];
export type ConnectExchangePayload = Schemas['ConnectExchangeDto'];
export type ExternalCalendarChoices = Schemas['UpdateExternalCalendarDto'];
export type OAuthProviderSlug = Schemas['OAuthProvidersDto']['providers'][number];

export const calendarSyncApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/calendar-connections', { params: { path: { id: userId } }, signal })),
  connectCalDav: (userId: string, payload: ConnectCalDavPayload) =>
    unwrap(
      api.POST('/api/v1/users/{id}/calendar-connections/caldav', {
        params: { path: { id: userId } },
        body: payload,
      }),
    ),
  /** An on-premise Exchange mailbox (EWS); the same account again = reconnect with a new password. */
  connectExchange: (userId: string, payload: ConnectExchangePayload) =>
    unwrap(
      api.POST('/api/v1/users/{id}/calendar-connections/exchange', {
        params: { path: { id: userId } },
        body: payload,
      }),
    ),
  setPauseBookingWhenBroken: (userId: string, connectionId: string, pauseBookingWhenBroken: boolean) =>
    unwrap(
      api.PATCH('/api/v1/users/{id}/calendar-connections/{connectionId}', {
        params: { path: { id: userId, connectionId } },
        body: { pauseBookingWhenBroken },
      }),
    ),
  updateCalendar: (
    userId: string,
    connectionId: string,
    calendarId: string,
    choices: ExternalCalendarChoices,
  ) =>
    unwrap(
      api.PATCH('/api/v1/users/{id}/calendar-connections/{connectionId}/calendars/{calendarId}', {
        params: { path: { id: userId, connectionId, calendarId } },
        body: choices,
      }),
    ),
  disconnect: (userId: string, connectionId: string) =>
    unwrap(
      api.DELETE('/api/v1/users/{id}/calendar-connections/{connectionId}', {
        params: { path: { id: userId, connectionId } },
      }),
    ),
  /** The OAuth providers this server offers (the others are not configured: no button). */
  oauthProviders: (userId: string, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/calendar-connections/oauth', { params: { path: { id: userId } }, signal }),
    ),
  /** The provider's consent page, to send the browser to (it comes back to /user/setting). */
  startOAuth: (userId: string, provider: OAuthProviderSlug) =>
    unwrap(
      api.POST('/api/v1/users/{id}/calendar-connections/oauth/{provider}', {
        params: { path: { id: userId, provider } },
      }),
    ),
  /** The private ICS feed URL (created on first read). */
  feed: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/calendar-feed', { params: { path: { id: userId } }, signal })),
  regenerateFeed: (userId: string) =>
    unwrap(api.POST('/api/v1/users/{id}/calendar-feed/regenerate', { params: { path: { id: userId } } })),
};

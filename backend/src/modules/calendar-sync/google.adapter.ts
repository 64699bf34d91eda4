import { createHash } from 'node:crypto';
import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client, type Credentials } from 'google-auth-library';
import { DateTime } from 'luxon';
import {
  CalendarAuthError,
  CalendarProviderError,
  type BusyOptions,
  type BusyRange,
  type CalendarProviderPort,
  type PushCapability,
  type CalendarRef,
  type LiveBusyRange,
  type OutgoingEvent,
  type RemoteCalendar,
  type SyncCursor,
  type SyncedEvent,
  type SyncOptions,
  type SyncResult,
  type WrittenEvent,
} from './calendar-provider.port';
import type { OAuthClientSettings } from './oauth-flow';
import type { OAuthTokens, TokenKeeper } from './oauth-tokens';

/** Where Google lives; tests point these at a loopback fake. */
export interface GoogleEndpoints {
  /** Calendar API root (the SDK's `rootUrl`), with a trailing slash */
  apiRootUrl: string;
  authBaseUrl: string;
  tokenUrl: string;
}

export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  apiRootUrl: 'https://www.googleapis.com/',
  authBaseUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
};

/** Read the calendars and their busy times, write the appointments: the one scope we ask. */
export const GOOGLE_CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar'];

function oauthClient(settings: OAuthClientSettings, endpoints: GoogleEndpoints): OAuth2Client {
  return new OAuth2Client({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUri: settings.redirectUri,
    endpoints: { oauth2AuthBaseUrl: endpoints.authBaseUrl, oauth2TokenUrl: endpoints.tokenUrl },
  });
}

/** The consent page: authorization code + PKCE (S256), offline access, consent asked so a refresh token comes back. */
export function googleAuthorizationUrl(
  settings: OAuthClientSettings,
  endpoints: GoogleEndpoints,
  state: string,
  codeChallenge: string,
): string {
  return oauthClient(settings, endpoints).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: GOOGLE_CALENDAR_SCOPES,
    state,
    code_challenge: codeChallenge,
    // the SDK's enum type; the value is the RFC 7636 one
    code_challenge_method: 'S256' as never,
    include_granted_scopes: true,
  });
}

export async function redeemGoogleCode(
  settings: OAuthClientSettings,
  endpoints: GoogleEndpoints,
  code: string,
  codeVerifier: string,
): Promise<OAuthTokens> {
  try {
    const { tokens } = await oauthClient(settings, endpoints).getToken({ code, codeVerifier });
    return tokensOf(tokens, null);
  } catch (error) {
    throw asProviderError(error);
  }
}

function tokensOf(tokens: Credentials, previousRefresh: string | null): OAuthTokens {
  if (!tokens.access_token) throw new CalendarProviderError('Google returned no access token');
  return {
    kind: 'oauth',
    accessToken: tokens.access_token,
    // Google may or may not send a new refresh token: keep the last one it gave.
    refreshToken: tokens.refresh_token ?? previousRefresh,
    expiresAt: tokens.expiry_date ?? null,
  };
}

/** Our event ids are derived from the appointment's UID (base32hex alphabet): a retried insert finds a 409. */
export function googleEventId(uid: string): string {
  return createHash('sha256').update(uid).digest('hex');
}

const REFRESH_MARGIN_MS = 60_000;

/**
 * Google Calendar through the official SDK. Recurring events are expanded by Google (`singleEvents`):
 * every occurrence is its own event (moved occurrences already in place, deleted ones absent), so the
 * engine caches one key per occurrence, like the CalDAV path caches one key per object with its ranges.
 */
export class GoogleCalendarAdapter implements CalendarProviderPort {
  /** Watch channels, set by CalendarProviders when this server has a public receiver. */
  push?: PushCapability;
  private readonly auth: OAuth2Client;
  private readonly api: calendar_v3.Calendar;
  private tokens: OAuthTokens;

  constructor(
    settings: OAuthClientSettings,
    endpoints: GoogleEndpoints,
    tokens: OAuthTokens,
    private readonly keeper: TokenKeeper,
    private readonly now: () => number = Date.now,
  ) {
    this.auth = oauthClient(settings, endpoints);
    this.tokens = tokens;
    this.setCredentials(tokens);
    this.api = calendar({ version: 'v3', auth: this.auth, rootUrl: endpoints.apiRootUrl });
  }

  async listCalendars(): Promise<RemoteCalendar[]> {
    const out: RemoteCalendar[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await this.call(() => this.api.calendarList.list({ pageToken, maxResults: 250 }));
      for (const item of data.items ?? []) {
        if (!item.id || item.deleted) continue;
        out.push({
          externalId: item.id,
          displayName: item.summaryOverride ?? item.summary ?? item.id,
          color: item.backgroundColor ?? null,
          primary: item.primary === true,
        });
      }
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    return out;
  }

  /** The account's address: the id of its primary calendar. */
  async accountLabel(): Promise<string> {
    const { data } = await this.call(() => this.api.calendarList.get({ calendarId: 'primary' }));
    return data.id ?? 'Google';
  }

  async sync(ref: CalendarRef, cursor: SyncCursor | null, options: SyncOptions): Promise<SyncResult> {
    const upserts: SyncedEvent[] = [];
    const deletes: string[] = [];
    const full = !cursor?.token;
    let pageToken: string | undefined;
    let nextSyncToken: string | null = null;
    do {
      let data: calendar_v3.Schema$Events;
      try {
        ({ data } = await this.call(() =>
          this.api.events.list({
            calendarId: ref.externalId,
            singleEvents: true,
            showDeleted: !full,
            maxResults: 250,
            pageToken,
            ...(full
              ? { timeMin: options.window.from.toISOString(), timeMax: options.window.to.toISOString() }
              : { syncToken: cursor!.token! }),
          }),
        ));
      } catch (error) {
        if (error instanceof CalendarProviderError && error.status === 410 && !full) {
          return {
            upserts: [],
            deletes: [],
            nextCursor: { token: null, ctag: null },
            complete: false,
            fullResyncNeeded: true,
          };
        }
        throw error;
      }
      for (const event of data.items ?? []) {
        if (!event.id) continue;
        if (event.status === 'cancelled') {
          deletes.push(event.id);
          continue;
        }
        upserts.push({
          key: event.id,
          uid: event.iCalUID ?? null,
          ranges: busyRanges(event, options, options.window),
          title: event.summary?.slice(0, 200) ?? null,
        });
      }
      pageToken = data.nextPageToken ?? undefined;
      nextSyncToken = data.nextSyncToken ?? nextSyncToken;
    } while (pageToken);
    return {
      upserts,
      deletes,
      nextCursor: { token: nextSyncToken, ctag: null },
      complete: full,
      fullResyncNeeded: false,
    };
  }

  async fetchBusy(ref: CalendarRef, from: Date, to: Date, options: BusyOptions): Promise<LiveBusyRange[]> {
    // events.list rather than freeBusy: freeBusy cannot tell our own written events (UID) apart, nor
    // all-day events the lawyer chose not to block with.
    const out: LiveBusyRange[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await this.call(() =>
        this.api.events.list({
          calendarId: ref.externalId,
          singleEvents: true,
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          maxResults: 250,
          pageToken,
        }),
      );
      for (const event of data.items ?? []) {
        if (event.status === 'cancelled') continue;
        for (const range of busyRanges(event, options, { from, to }))
          out.push({ ...range, uid: event.iCalUID ?? null });
      }
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    return out;
  }

  async createEvent(ref: CalendarRef, event: OutgoingEvent): Promise<WrittenEvent> {
    const id = googleEventId(event.uid);
    try {
      const { data } = await this.call(() =>
        this.api.events.insert({
          calendarId: ref.externalId,
          requestBody: {
            id,
            iCalUID: event.uid,
            ...body(event),
            ...(event.conference === 'google_meet'
              ? {
                  conferenceData: {
                    // Same request id on a retry: Google makes one meeting, not two.
                    createRequest: {
                      requestId: id.slice(0, 32),
                      conferenceSolutionKey: { type: 'hangoutsMeet' },
                    },
                  },
                }
              : {}),
          },
          // Without it Google ignores conferenceData.
          ...(event.conference === 'google_meet' ? { conferenceDataVersion: 1 } : {}),
        }),
      );
      let joinUrl = meetLink(data);
      if (!joinUrl && data.conferenceData?.createRequest?.status?.statusCode === 'pending' && data.id) {
        // Google may answer before the meeting exists: read the event once more.
        const again = await this.call(() =>
          this.api.events.get({ calendarId: ref.externalId, eventId: data.id! }),
        );
        joinUrl = meetLink(again.data);
      }
      return { ref: data.id ?? id, etag: data.etag ?? null, joinUrl };
    } catch (error) {
      // Already there (a retry after a lost answer): write it over.
      if (error instanceof CalendarProviderError && error.status === 409)
        return this.updateEvent(ref, { ref: id, etag: null }, event);
      throw error;
    }
  }

  async updateEvent(ref: CalendarRef, written: WrittenEvent, event: OutgoingEvent): Promise<WrittenEvent> {
    const { data } = await this.call(() =>
      this.api.events.update({
        calendarId: ref.externalId,
        eventId: written.ref,
        requestBody: { ...body(event), status: 'confirmed' },
      }),
    );
    // Without conferenceDataVersion the event keeps its meeting; its link is read back all the same.
    return { ref: data.id ?? written.ref, etag: data.etag ?? null, joinUrl: meetLink(data) };
  }

  async deleteEvent(ref: CalendarRef, written: WrittenEvent): Promise<void> {
    try {
      await this.call(() => this.api.events.delete({ calendarId: ref.externalId, eventId: written.ref }));
    } catch (error) {
      if (error instanceof CalendarProviderError && (error.status === 404 || error.status === 410)) return;
      throw error;
    }
  }

  /** Push: Google posts to `address` when the calendar changes, until `expiration` (ms). */
  async watch(
    ref: CalendarRef,
    channel: { id: string; token: string; address: string },
  ): Promise<{ resourceId: string | null; expiration: number | null }> {
    const { data } = await this.call(() =>
      this.api.events.watch({
        calendarId: ref.externalId,
        requestBody: { id: channel.id, token: channel.token, type: 'web_hook', address: channel.address },
      }),
    );
    return {
      resourceId: data.resourceId ?? null,
      expiration: data.expiration ? Number(data.expiration) : null,
    };
  }

  /** Every call: a fresh access token first (refreshed under the connection's lock), errors mapped. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    await this.ensureFreshToken();
    try {
      return await request();
    } catch (error) {
      throw asProviderError(error);
    }
  }

  private async ensureFreshToken(): Promise<void> {
    if (this.tokens.expiresAt !== null && this.tokens.expiresAt > this.now() + REFRESH_MARGIN_MS) return;
    this.tokens = await this.keeper.refreshed(this.tokens, async (current) => {
      if (!current.refreshToken) throw new CalendarAuthError('no refresh token');
      this.setCredentials(current);
      // The SDK puts the old refresh token back into what refreshAccessToken returns; its 'tokens'
      // event sees Google's answer as sent, with a rotated refresh token when there is one.
      let rotated: string | null = null;
      const listener = (tokens: Credentials) => {
        rotated = tokens.refresh_token ?? null;
      };
      this.auth.on('tokens', listener);
      try {
        const { credentials } = await this.auth.refreshAccessToken();
        return tokensOf(
          { ...credentials, refresh_token: rotated ?? current.refreshToken },
          current.refreshToken,
        );
      } catch (error) {
        throw asProviderError(error);
      } finally {
        this.auth.off('tokens', listener);
      }
    });
    this.setCredentials(this.tokens);
  }

  private setCredentials(tokens: OAuthTokens): void {
    this.auth.setCredentials({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expiry_date: tokens.expiresAt,
    });
  }
}

/** The Meet link of an event: `hangoutLink`, or the video entry point of its conference. */
function meetLink(event: calendar_v3.Schema$Event): string | null {
  return (
    event.hangoutLink ??
    event.conferenceData?.entryPoints?.find((point) => point.entryPointType === 'video')?.uri ??
    null
  );
}

function body(event: OutgoingEvent): calendar_v3.Schema$Event {
  return {
    summary: event.title,
    description: event.description,
    location: event.location,
    start: { dateTime: event.start.toISOString() },
    end: { dateTime: event.end.toISOString() },
    // The slot is taken: our own event blocks the lawyer's other tools, not our slots (UID known).
    transparency: 'opaque',
  };
}

/** An event's busy range in the window; none when it does not block (free, all-day not chosen). */
export function busyRanges(
  event: calendar_v3.Schema$Event,
  options: BusyOptions,
  window: { from: Date; to: Date },
): BusyRange[] {
  if (event.transparency === 'transparent') return [];
  let start: Date;
  let end: Date;
  if (event.start?.dateTime && event.end?.dateTime) {
    start = new Date(event.start.dateTime);
    end = new Date(event.end.dateTime);
  } else if (event.start?.date) {
    if (!options.allDayBlocks) return [];
    start = DateTime.fromISO(event.start.date, { zone: options.zone }).toJSDate();
    end = DateTime.fromISO(event.end?.date ?? event.start.date, { zone: options.zone })
      .plus(event.end?.date ? {} : { days: 1 })
      .toJSDate();
  } else return [];
  if (!(end > start) || end <= window.from || start >= window.to) return [];
  return [{ start, end }];
}

/** invalid_grant and 401 mean the lawyer must reconnect; the rest may pass on a retry. */
export function asProviderError(error: unknown): Error {
  if (error instanceof CalendarAuthError || error instanceof CalendarProviderError) return error;
  const e = error as {
    status?: number;
    code?: number | string;
    response?: { status?: number; data?: unknown };
    message?: string;
  };
  const status = e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : null);
  const data = e.response?.data as { error?: unknown } | undefined;
  const oauthError = typeof data?.error === 'string' ? data.error : undefined;
  if (oauthError === 'invalid_grant' || String(e.message).includes('invalid_grant') || status === 401)
    return new CalendarAuthError(`Google refused the credentials (${oauthError ?? status})`);
  return new CalendarProviderError(`Google Calendar: ${e.message ?? 'request failed'}`, status ?? null);
}

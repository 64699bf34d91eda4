import type { CalendarProvider } from '../../database/schema';
import type { TokenKeeper } from './oauth-tokens';

/**
 * The one port every calendar provider implements (CalDAV / iCloud, Exchange EWS, Google, Microsoft Graph).
 * Adapters talk to the provider and expand recurrences; the engine (calendar-sync.service) owns the tables,
 * the cursors and the rules of what blocks a slot. A new provider is one adapter and one case in
 * CalendarProviders.adapterFor.
 */
export interface CalendarProviderPort {
  /** The account's calendars (throws CalendarAuthError when the credentials are refused). */
  listCalendars(): Promise<RemoteCalendar[]>;
  /**
   * Changes since `cursor` (null: everything in the window). `complete` means the upserts are the whole
   * calendar: cached ranges of events not listed must go. `fullResyncNeeded` means the provider refused
   * the cursor (Google 410, DAV invalid sync-token): call again with null.
   */
  sync(calendar: CalendarRef, cursor: SyncCursor | null, options: SyncOptions): Promise<SyncResult>;
  /** Live busy check of one calendar over [from, to), used at booking time when the cache may be stale. */
  fetchBusy(calendar: CalendarRef, from: Date, to: Date, options: BusyOptions): Promise<LiveBusyRange[]>;
  /** Idempotent: a retry after a lost answer finds the event by its UID and updates it. */
  createEvent(calendar: CalendarRef, event: OutgoingEvent): Promise<WrittenEvent>;
  /** Writes over a remote edit (412 on a stale ETag: re-read, write again): the appointment is the truth. */
  updateEvent(calendar: CalendarRef, written: WrittenEvent, event: OutgoingEvent): Promise<WrittenEvent>;
  /** Idempotent: an event already gone counts as deleted. */
  deleteEvent(calendar: CalendarRef, written: WrittenEvent): Promise<void>;
  /**
   * Optional: the provider tells us when a calendar changes (a watch channel, a subscription), so a sync
   * runs at once rather than at the next periodic pass. Absent when the provider cannot, or when this server
   * has no public receiver for it.
   */
  readonly push?: PushCapability;
}

/**
 * Opening, renewing and ending one calendar's change notifications. The engine keeps each channel (Redis)
 * and renews it before it ends; the receiver of the notifications checks them and queues a sync.
 */
export interface PushCapability {
  /** Names this provider's channels in storage. */
  readonly kind: string;
  /** A channel is renewed once less than this remains before it ends. */
  readonly renewMarginMs: number;
  /** Opens a channel for our calendar `calendarId` (its id is signed into the channel). */
  open(calendar: CalendarRef, calendarId: string): Promise<PushChannel>;
  /** Extends a live channel; null when the provider no longer knows it (a new one is then opened). */
  renew?(channel: PushChannel): Promise<PushChannel | null>;
  /** Ends a channel when the account is forgotten (a channel already gone counts as ended). */
  close?(channel: PushChannel): Promise<void>;
}

export interface PushChannel {
  id: string;
  /** epoch milliseconds */
  expiresAt: number;
}

export interface RemoteCalendar {
  externalId: string;
  displayName: string;
  color: string | null;
  /**
   * The account's main calendar (Google's primary, Graph's default, the Exchange mailbox's calendar): the one
   * that blocks slots from the moment the account is connected. CalDAV has no such notion: the first listed.
   */
  primary?: boolean;
}

export interface CalendarRef {
  externalId: string;
}

export interface SyncCursor {
  /** DAV sync-token, Google syncToken, Graph deltaLink */
  token: string | null;
  /** CalDAV getctag: unchanged = nothing to do */
  ctag: string | null;
}

export interface BusyOptions {
  /** whether all-day events block the day */
  allDayBlocks: boolean;
  /** the professional's zone: all-day and floating times are read in it */
  zone: string;
}

export interface SyncOptions extends BusyOptions {
  /** events are expanded over this window only (12 months ahead) */
  window: { from: Date; to: Date };
}

export interface BusyRange {
  start: Date;
  end: Date;
}

export interface LiveBusyRange extends BusyRange {
  /** the event's UID, so our own written events can be told apart */
  uid: string | null;
}

export interface SyncedEvent {
  /** the provider's identity of the event (CalDAV object URL, Google event id) */
  key: string;
  /** iCalendar UID, to recognise the events we wrote */
  uid: string | null;
  /** its busy occurrences in the window; empty when it does not block (transparent, cancelled, all-day not chosen) */
  ranges: BusyRange[];
  /** its title (SUMMARY, subject), shown in the professional's own agenda only when they choose to see titles */
  title?: string | null;
}

export interface SyncResult {
  upserts: SyncedEvent[];
  /** event keys gone at the provider */
  deletes: string[];
  nextCursor: SyncCursor;
  complete: boolean;
  fullResyncNeeded: boolean;
}

export interface OutgoingEvent {
  uid: string;
  title: string;
  description: string;
  location: string | null;
  start: Date;
  end: Date;
  /**
   * Create only: ask the provider for an online meeting with the event (Google Meet through Google, Teams
   * through Office 365); its link comes back as `joinUrl`. Other providers ignore it.
   */
  conference?: 'google_meet' | 'teams';
}

export interface WrittenEvent {
  /** CalDAV object URL or provider event id */
  ref: string;
  etag: string | null;
  /** the online meeting's join link, when one was asked and the provider made it */
  joinUrl?: string | null;
}

export interface ProviderAccount {
  provider: CalendarProvider;
  serverUrl: string | null;
  credentials: CalendarCredentials;
  /** OAuth accounts: refreshes under the connection's lock and saves rotated tokens */
  tokenKeeper?: TokenKeeper;
  /** Microsoft accounts: their MSAL token cache, loaded and saved sealed under the connection's lock */
  msalCache?: MsalCacheStore;
}

/**
 * Where one Microsoft connection's MSAL token cache lives (sealed in its row). `locked` runs a token
 * acquisition under the connection's lock, so two workers never present the same rotating refresh token.
 */
export interface MsalCacheStore {
  load(): Promise<string | null>;
  save(serializedCache: string): Promise<void>;
  locked<T>(work: () => Promise<T>): Promise<T>;
}

export type CalendarCredentials =
  | {
      kind: 'password';
      username: string;
      password: string;
      /** Exchange (EWS) only: how the login is sent; absent = Basic */
      authMethod?: 'basic' | 'ntlm';
    }
  | { kind: 'oauth'; accessToken: string; refreshToken: string | null; expiresAt: number | null }
  /** Outlook.com / Office 365: MSAL's serialized token cache (refresh token inside) and the account in it */
  | { kind: 'msal'; homeAccountId: string; cache: string };

/** The provider refused the credentials (401, invalid_grant, password changed): the lawyer must reconnect. */
export class CalendarAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarAuthError';
  }
}

/** The provider failed in a way a retry may fix (5xx, network, timeout). */
export class CalendarProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'CalendarProviderError';
  }
}

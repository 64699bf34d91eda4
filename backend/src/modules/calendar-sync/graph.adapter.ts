import { DateTime } from 'luxon';
import {
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
import { GraphRequestError, type GraphClient, type GraphPage } from './graph-client';

// ---- the few Graph shapes we read (v1.0) ---------------------------------------------------------------------

interface GraphCalendar {
  id: string;
  name?: string;
  hexColor?: string | null;
  isDefaultCalendar?: boolean;
}

interface GraphDateTime {
  dateTime: string;
  timeZone?: string;
}

export interface GraphEvent {
  id: string;
  '@removed'?: { reason?: string };
  subject?: string;
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  isAllDay?: boolean;
  isCancelled?: boolean;
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  start?: GraphDateTime;
  end?: GraphDateTime;
  iCalUId?: string | null;
  /** set by us at creation (the appointment's UID): Graph's idempotency key, and how we know our events */
  transactionId?: string | null;
  /** the Teams meeting made with the event (isOnlineMeeting) */
  onlineMeeting?: { joinUrl?: string | null } | null;
  '@odata.etag'?: string;
}

interface GraphSubscription {
  id: string;
  expirationDateTime: string;
}

/** showAs values that take the lawyer's time; free and workingElsewhere do not (nor unknown). */
const BLOCKING_SHOW_AS = new Set(['busy', 'tentative', 'oof']);

/** Outlook event subscriptions live at most 4230 minutes (just under 3 days). */
export const GRAPH_SUBSCRIPTION_MINUTES = 4200;

/** Times as UTC, whatever the mailbox's zone (all-day events stay at midnight, read in the lawyer's zone). */
const UTC_TIMES = 'outlook.timezone="UTC"';
const EVENT_FIELDS = 'id,subject,showAs,isAllDay,isCancelled,type,start,end,iCalUId,transactionId';
/**
 * The delta window is fixed when the first delta round starts: a full resync moves it forward once it lags
 * this far behind the 12-month window the engine wants.
 */
const DELTA_WINDOW_SLACK_MS = 7 * 24 * 3600_000;

/**
 * Outlook.com and Office 365 calendars through Microsoft Graph. Recurring events come expanded (calendarView):
 * every occurrence is its own event id, so the engine caches one key per occurrence, as with Google.
 * The sync cursor is the deltaLink; its `ctag` slot keeps the end of the delta window (see above).
 */
export class GraphCalendarAdapter implements CalendarProviderPort {
  /** Change subscriptions, set by CalendarProviders when this server has a public receiver. */
  push?: PushCapability;

  constructor(
    private readonly graph: GraphClient,
    private readonly now: () => number = Date.now,
  ) {}

  async listCalendars(): Promise<RemoteCalendar[]> {
    const calendars = await this.graph.all<GraphCalendar>(
      '/me/calendars?$select=id,name,hexColor,isDefaultCalendar&$top=100',
    );
    return calendars.map((c) => ({
      externalId: c.id,
      displayName: c.name || c.id,
      color: c.hexColor || null,
      primary: c.isDefaultCalendar === true,
    }));
  }

  async sync(ref: CalendarRef, cursor: SyncCursor | null, options: SyncOptions): Promise<SyncResult> {
    const windowEnd = cursor?.ctag ? Date.parse(cursor.ctag) : NaN;
    const full =
      !cursor?.token ||
      !Number.isFinite(windowEnd) ||
      windowEnd < options.window.to.getTime() - DELTA_WINDOW_SLACK_MS;
    const upserts: SyncedEvent[] = [];
    const deletes: string[] = [];
    let link: string | undefined = full
      ? `/me/calendars/${encodeURIComponent(ref.externalId)}/calendarView/delta?startDateTime=${options.window.from.toISOString()}&endDateTime=${options.window.to.toISOString()}`
      : cursor!.token!;
    let deltaLink: string | null = null;
    while (link) {
      let page: GraphPage<GraphEvent>;
      try {
        page = await this.graph.request<GraphPage<GraphEvent>>('GET', link, {
          prefer: ['odata.maxpagesize=100', UTC_TIMES],
        });
      } catch (error) {
        // The delta token expired or is unknown (410 Gone, SyncStateNotFound): start again from nothing.
        if (!full && isDeltaGone(error)) return resyncNeeded();
        throw error;
      }
      for (const event of page.value ?? []) {
        if (event['@removed'] || event.isCancelled) {
          deletes.push(event.id);
          continue;
        }
        if (event.type === 'seriesMaster') continue;
        upserts.push({
          key: event.id,
          uid: uidOf(event),
          ranges: graphBusyRanges(event, options, options.window),
          title: event.subject?.slice(0, 200) ?? null,
        });
      }
      link = page['@odata.nextLink'];
      deltaLink = page['@odata.deltaLink'] ?? deltaLink;
    }
    return {
      upserts,
      deletes: full ? [] : deletes,
      nextCursor: {
        token: deltaLink,
        ctag: full ? options.window.to.toISOString() : (cursor?.ctag ?? null),
      },
      complete: full,
      fullResyncNeeded: false,
    };
  }

  async fetchBusy(ref: CalendarRef, from: Date, to: Date, options: BusyOptions): Promise<LiveBusyRange[]> {
    const events = await this.graph.all<GraphEvent>(
      `/me/calendars/${encodeURIComponent(ref.externalId)}/calendarView?startDateTime=${from.toISOString()}&endDateTime=${to.toISOString()}&$select=${EVENT_FIELDS}&$top=100`,
      [UTC_TIMES],
    );
    return events
      .filter((event) => !event.isCancelled)
      .flatMap((event) =>
        graphBusyRanges(event, options, { from, to }).map((range) => ({ ...range, uid: uidOf(event) })),
      );
  }

  /** transactionId = the appointment's UID: Graph answers a retried create with the event already made. */
  async createEvent(ref: CalendarRef, event: OutgoingEvent): Promise<WrittenEvent> {
    const created = await this.graph.request<GraphEvent>(
      'POST',
      `/me/calendars/${encodeURIComponent(ref.externalId)}/events`,
      {
        body: {
          ...graphBody(event),
          transactionId: event.uid,
          // A Teams meeting made with the event (work or school accounts); its link comes back on the event.
          ...(event.conference === 'teams'
            ? { isOnlineMeeting: true, onlineMeetingProvider: 'teamsForBusiness' }
            : {}),
        },
      },
    );
    return {
      ref: created.id,
      etag: created['@odata.etag'] ?? null,
      joinUrl: created.onlineMeeting?.joinUrl ?? null,
    };
  }

  async updateEvent(ref: CalendarRef, written: WrittenEvent, event: OutgoingEvent): Promise<WrittenEvent> {
    const updated = await this.graph.request<GraphEvent>(
      'PATCH',
      `/me/calendars/${encodeURIComponent(ref.externalId)}/events/${encodeURIComponent(written.ref)}`,
      { body: graphBody(event) },
    );
    return {
      ref: updated?.id ?? written.ref,
      etag: updated?.['@odata.etag'] ?? null,
      joinUrl: updated?.onlineMeeting?.joinUrl ?? null,
    };
  }

  async deleteEvent(ref: CalendarRef, written: WrittenEvent): Promise<void> {
    try {
      await this.graph.request<void>(
        'DELETE',
        `/me/calendars/${encodeURIComponent(ref.externalId)}/events/${encodeURIComponent(written.ref)}`,
      );
    } catch (error) {
      if (error instanceof CalendarProviderError && (error.status === 404 || error.status === 410)) return;
      throw error;
    }
  }

  /**
   * Push: Graph first posts a validationToken to `notificationUrl` (our receiver echoes it), then a
   * notification carrying `clientState` whenever an event of the calendar changes, until the expiration.
   */
  async subscribe(
    ref: CalendarRef,
    subscription: { notificationUrl: string; clientState: string },
  ): Promise<{ id: string; expiresAt: number }> {
    const created = await this.graph.request<GraphSubscription>('POST', '/subscriptions', {
      body: {
        changeType: 'created,updated,deleted',
        notificationUrl: subscription.notificationUrl,
        resource: `/me/calendars/${ref.externalId}/events`,
        expirationDateTime: this.expiration(),
        clientState: subscription.clientState,
      },
    });
    return { id: created.id, expiresAt: Date.parse(created.expirationDateTime) };
  }

  /** Pushes the subscription's end 70 hours away again; null when Graph no longer knows it (404). */
  async renewSubscription(id: string): Promise<{ expiresAt: number } | null> {
    try {
      const renewed = await this.graph.request<GraphSubscription>(
        'PATCH',
        `/subscriptions/${encodeURIComponent(id)}`,
        { body: { expirationDateTime: this.expiration() } },
      );
      return { expiresAt: Date.parse(renewed.expirationDateTime) };
    } catch (error) {
      if (error instanceof CalendarProviderError && error.status === 404) return null;
      throw error;
    }
  }

  /** Ends a subscription (the account is disconnected); one Graph no longer knows is ended already. */
  async deleteSubscription(id: string): Promise<void> {
    try {
      await this.graph.request<void>('DELETE', `/subscriptions/${encodeURIComponent(id)}`);
    } catch (error) {
      if (error instanceof CalendarProviderError && error.status === 404) return;
      throw error;
    }
  }

  private expiration(): string {
    return new Date(this.now() + GRAPH_SUBSCRIPTION_MINUTES * 60_000).toISOString();
  }
}

function resyncNeeded(): SyncResult {
  return {
    upserts: [],
    deletes: [],
    nextCursor: { token: null, ctag: null },
    complete: false,
    fullResyncNeeded: true,
  };
}

function isDeltaGone(error: unknown): boolean {
  return (
    error instanceof GraphRequestError &&
    (error.status === 410 || /SyncState|resyncRequired|InvalidDeltaToken/i.test(error.code ?? ''))
  );
}

function uidOf(event: GraphEvent): string | null {
  return event.transactionId || event.iCalUId || null;
}

function graphBody(event: OutgoingEvent) {
  return {
    subject: event.title,
    body: { contentType: 'text', content: event.description },
    start: { dateTime: event.start.toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
    end: { dateTime: event.end.toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
    location: event.location ? { displayName: event.location } : undefined,
    // The slot is taken: our own event shows busy to the lawyer's other tools (our UID tells it apart here).
    showAs: 'busy',
  };
}

/** Reads a Graph date-time (up to 7 decimals) in its zone; unknown (Windows) zone names fall back to UTC. */
function instant(value: GraphDateTime): DateTime {
  const iso = value.dateTime.replace(/(\.\d{3})\d+/, '$1');
  const zone = !value.timeZone || value.timeZone === 'UTC' ? 'utc' : value.timeZone;
  const parsed = DateTime.fromISO(iso, { zone });
  return parsed.isValid ? parsed : DateTime.fromISO(iso, { zone: 'utc' });
}

/** An event's busy range in the window; none when it does not block (free, elsewhere, all-day not chosen). */
export function graphBusyRanges(
  event: GraphEvent,
  options: BusyOptions,
  window: { from: Date; to: Date },
): BusyRange[] {
  if (event.isCancelled || !event.start || !event.end) return [];
  if (!BLOCKING_SHOW_AS.has(event.showAs ?? 'busy')) return [];
  let start: Date;
  let end: Date;
  if (event.isAllDay) {
    if (!options.allDayBlocks) return [];
    // All-day events are floating days: their date, read in the lawyer's zone.
    start = DateTime.fromISO(event.start.dateTime.slice(0, 10), { zone: options.zone }).toJSDate();
    end = DateTime.fromISO(event.end.dateTime.slice(0, 10), { zone: options.zone }).toJSDate();
  } else {
    start = instant(event.start).toJSDate();
    end = instant(event.end).toJSDate();
  }
  if (!(end > start) || end <= window.from || start >= window.to) return [];
  return [{ start, end }];
}

import { createDAVClient, type DAVCalendar } from 'tsdav';
import { DomainError } from '../../common/domain-error';
import {
  CalendarAuthError,
  CalendarProviderError,
  type BusyOptions,
  type LiveBusyRange,
  type CalendarProviderPort,
  type CalendarRef,
  type OutgoingEvent,
  type RemoteCalendar,
  type SyncCursor,
  type SyncOptions,
  type SyncResult,
  type SyncedEvent,
  type WrittenEvent,
} from './calendar-provider.port';
import { outgoingEventIcs } from './event-ics';
import { busyOfIcs } from './ical-busy';

/** iCloud's CalDAV entry point; an app-specific password is the credential (appleid.apple.com). */
export const ICLOUD_CALDAV_URL = 'https://caldav.icloud.com';
const REQUEST_TIMEOUT_MS = 20_000;

type DavClient = Awaited<ReturnType<typeof createDAVClient>>;
type Transport = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * CalDAV (Apple iCloud and any CalDAV server) through tsdav. Checked against Debian's Radicale 3.1, which
 * ignores `<expand>`: objects come whole and ical-busy.ts expands them. Incremental sync: the collection's
 * getctag first (unchanged = nothing to do), then `sync-collection` from the stored sync-token (deleted
 * objects come as 404; a token the server no longer knows = full resync).
 */
export class CalDavAdapter implements CalendarProviderPort {
  private client: Promise<DavClient> | null = null;
  /**
   * The first URL the policy refused. tsdav swallows some failures during discovery (it then tries the
   * typed address instead of a redirect target): a server that pointed anywhere refused is refused itself.
   */
  private refused: DomainError | null = null;

  constructor(
    private readonly serverUrl: string,
    private readonly credentials: { username: string; password: string },
    /**
     * How requests leave: in the application, a fetch that puts every URL (redirect targets and hrefs
     * included) through the outbound-address policy first, so a refused one throws before any request.
     */
    private readonly transport: Transport = fetch,
  ) {}

  async listCalendars(): Promise<RemoteCalendar[]> {
    const client = await this.connect();
    const calendars = await client.fetchCalendars();
    if (this.refused) throw this.refused;
    return calendars
      .filter((c) => !c.components || c.components.includes('VEVENT'))
      .map((c) => ({
        externalId: c.url,
        displayName: typeof c.displayName === 'string' && c.displayName ? c.displayName : lastSegment(c.url),
        color: typeof c.calendarColor === 'string' ? c.calendarColor.slice(0, 7) : null,
      }));
  }

  async sync(calendar: CalendarRef, cursor: SyncCursor | null, options: SyncOptions): Promise<SyncResult> {
    const client = await this.connect();
    const state = await this.collectionState(calendar.externalId);
    if (cursor && cursor.ctag && cursor.ctag === state.ctag) {
      return { upserts: [], deletes: [], nextCursor: cursor, complete: false, fullResyncNeeded: false };
    }
    if (!cursor?.token) {
      const objects = await client.fetchCalendarObjects({
        calendar: { url: calendar.externalId } as DAVCalendar,
        timeRange: { start: options.window.from.toISOString(), end: options.window.to.toISOString() },
        urlFilter: (url) => url !== calendar.externalId,
      });
      return {
        upserts: objects.map((o) => toSynced(o.url, o.data as string, options)),
        deletes: [],
        nextCursor: state,
        complete: true,
        fullResyncNeeded: false,
      };
    }
    const responses = await client.syncCollection({
      url: calendar.externalId,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: cursor.token,
    });
    // RFC 6578: a token the server no longer honours is 403 (valid-sync-token precondition) or 409.
    if (
      responses.some(
        (r) => r.status === 403 || r.status === 409 || (r.raw && /valid-sync-token/.test(String(r.raw))),
      )
    ) {
      return { upserts: [], deletes: [], nextCursor: state, complete: false, fullResyncNeeded: true };
    }
    const failed = responses.find((r) => r.ok === false && r.status !== 404 && !r.href);
    if (failed)
      throw new CalendarProviderError(
        `CalDAV sync-collection answered ${failed.status}`,
        failed.status ?? null,
      );
    const deletes: string[] = [];
    const changed: string[] = [];
    for (const r of responses) {
      if (!r.href) continue;
      const url = new URL(r.href, this.serverUrl).href;
      if (url === calendar.externalId) continue;
      if (r.status === 404) deletes.push(url);
      else changed.push(url);
    }
    const upserts: SyncedEvent[] = [];
    if (changed.length > 0) {
      const objects = await client.fetchCalendarObjects({
        calendar: { url: calendar.externalId } as DAVCalendar,
        objectUrls: changed,
        urlFilter: () => true,
      });
      for (const o of objects) if (o.data) upserts.push(toSynced(o.url, o.data as string, options));
    }
    return { upserts, deletes, nextCursor: state, complete: false, fullResyncNeeded: false };
  }

  async fetchBusy(
    calendar: CalendarRef,
    from: Date,
    to: Date,
    options: BusyOptions,
  ): Promise<LiveBusyRange[]> {
    const client = await this.connect();
    const objects = await client.fetchCalendarObjects({
      calendar: { url: calendar.externalId } as DAVCalendar,
      timeRange: { start: from.toISOString(), end: to.toISOString() },
      urlFilter: (url) => url !== calendar.externalId,
    });
    return objects.flatMap((o) => {
      if (!o.data) return [];
      const busy = busyOfIcs(o.data as string, from, to, options);
      return busy.ranges.map((range) => ({ ...range, uid: busy.uid }));
    });
  }

  async createEvent(calendar: CalendarRef, event: OutgoingEvent): Promise<WrittenEvent> {
    const url = new URL(`${encodeURIComponent(event.uid)}.ics`, withSlash(calendar.externalId)).href;
    const response = await this.request(url, 'PUT', outgoingEventIcs(event), { 'If-None-Match': '*' });
    // 412: the object exists already (a retry after a lost answer): write over it.
    if (response.status === 412) return this.updateEvent(calendar, { ref: url, etag: null }, event);
    expectOk(response, 'PUT');
    return { ref: url, etag: response.headers.get('etag') ?? (await this.etagOf(url)) };
  }

  async updateEvent(
    calendar: CalendarRef,
    written: WrittenEvent,
    event: OutgoingEvent,
  ): Promise<WrittenEvent> {
    const body = outgoingEventIcs(event);
    let etag = written.etag ?? (await this.etagOf(written.ref));
    if (etag === null) return this.createEvent(calendar, event);
    let response = await this.request(written.ref, 'PUT', body, { 'If-Match': etag });
    if (response.status === 412) {
      // Edited on the other side since our last write: the appointment is the truth, write over the new version.
      etag = await this.etagOf(written.ref);
      if (etag === null) return this.createEvent(calendar, event);
      response = await this.request(written.ref, 'PUT', body, { 'If-Match': etag });
    }
    if (response.status === 404) return this.createEvent(calendar, event);
    expectOk(response, 'PUT');
    return { ref: written.ref, etag: response.headers.get('etag') ?? (await this.etagOf(written.ref)) };
  }

  async deleteEvent(_calendar: CalendarRef, written: WrittenEvent): Promise<void> {
    let response = await this.request(
      written.ref,
      'DELETE',
      undefined,
      written.etag ? { 'If-Match': written.etag } : {},
    );
    if (response.status === 412) {
      const etag = await this.etagOf(written.ref);
      if (etag === null) return;
      response = await this.request(written.ref, 'DELETE', undefined, { 'If-Match': etag });
    }
    if (response.status === 404 || response.status === 410) return;
    expectOk(response, 'DELETE');
  }

  // ---- plumbing --------------------------------------------------------------------------------------------

  private connect(): Promise<DavClient> {
    this.client ??= createDAVClient({
      serverUrl: this.serverUrl,
      credentials: this.credentials,
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: this.fetch,
    })
      .then((client) => {
        if (this.refused) throw this.refused;
        return client;
      })
      .catch((error: unknown) => {
        this.client = null;
        if (
          error instanceof CalendarAuthError ||
          error instanceof CalendarProviderError ||
          error instanceof DomainError
        )
          throw error;
        // tsdav words a refused login "Invalid credentials"; anything else in discovery is the server's fault.
        if (/Invalid credentials|401/.test(String((error as Error).message))) {
          throw new CalendarAuthError('CalDAV server refused the credentials');
        }
        throw new CalendarProviderError(`CalDAV discovery failed: ${(error as Error).message}`);
      });
    return this.client;
  }

  /** Every request of this adapter: a time limit, and 401 turned into CalendarAuthError wherever it happens. */
  private readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await this.transport(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      // A URL refused by the outbound-address policy: nothing was sent, the refusal is the answer.
      if (error instanceof DomainError) throw (this.refused ??= error);
      throw new CalendarProviderError(`CalDAV server unreachable: ${(error as Error).message}`);
    }
    if (response.status === 401) throw new CalendarAuthError('CalDAV server refused the credentials');
    if (response.status >= 500)
      throw new CalendarProviderError(`CalDAV server answered ${response.status}`, response.status);
    return response;
  };

  private request(url: string, method: string, body: string | undefined, headers: Record<string, string>) {
    return this.fetch(url, {
      method,
      body,
      headers: {
        authorization: `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`,
        ...(body ? { 'content-type': 'text/calendar; charset=utf-8' } : {}),
        ...headers,
      },
    });
  }

  private async etagOf(url: string): Promise<string | null> {
    const client = await this.connect();
    const [response] = await client.propfind({ url, props: { 'd:getetag': {} }, depth: '0' });
    if (!response || response.status === 404 || !response.props?.getetag) return null;
    return String(response.props.getetag);
  }

  private async collectionState(url: string): Promise<SyncCursor> {
    const client = await this.connect();
    const [response] = await client.propfind({
      url,
      props: { 'cs:getctag': {}, 'd:sync-token': {} },
      depth: '0',
    });
    if (!response || response.ok === false) {
      throw new CalendarProviderError(
        `CalDAV calendar ${url} answered ${response?.status ?? 'nothing'}`,
        response?.status ?? null,
      );
    }
    const ctag = response.props?.getctag;
    const token = response.props?.syncToken;
    return { ctag: ctag ? String(ctag) : null, token: token ? String(token) : null };
  }
}

function toSynced(url: string, ics: string, options: SyncOptions): SyncedEvent {
  const busy = busyOfIcs(ics, options.window.from, options.window.to, options);
  return { key: url, uid: busy.uid, ranges: busy.ranges, title: busy.title };
}

function expectOk(response: Response, method: string): void {
  if (!response.ok)
    throw new CalendarProviderError(`CalDAV ${method} answered ${response.status}`, response.status);
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function lastSegment(url: string): string {
  return decodeURIComponent(url.replace(/\/$/, '').split('/').pop() ?? url);
}

import {
  AffectedTaskOccurrence,
  Appointment,
  AppointmentSchema,
  BasePropertySet,
  BodyType,
  CalendarFolder,
  CalendarView,
  ConflictResolutionMode,
  DateTime as EwsDateTime,
  DeleteMode,
  ExchangeService,
  ExchangeVersion,
  FolderId,
  FolderSchema,
  ItemId,
  LegacyFreeBusyStatus,
  MessageBody,
  PropertySet,
  SendCancellationsMode,
  SendInvitationsMode,
  SendInvitationsOrCancellationsMode,
  ServiceError,
  ServiceResponseException,
  ServiceResult,
  SyncFolderItemsScope,
  Uri,
  WebCredentials,
  WellKnownFolderName,
  XhrApi,
} from 'ews-javascript-api';
import { DateTime } from 'luxon';
import {
  CalendarAuthError,
  CalendarProviderError,
  type BusyOptions,
  type BusyRange,
  type CalendarProviderPort,
  type CalendarRef,
  type LiveBusyRange,
  type OutgoingEvent,
  type RemoteCalendar,
  type SyncCursor,
  type SyncOptions,
  type SyncResult,
  type WrittenEvent,
} from './calendar-provider.port';

export type EwsAuthMethod = 'basic' | 'ntlm';

export interface EwsAccount {
  username: string;
  password: string;
  /** Basic, or NTLM (v2) through @ewsjs/xhr's NtlmProvider */
  authMethod: EwsAuthMethod;
  /** How the server's name is resolved: in the application, the outbound-address policy's pinned answer */
  lookup?: () => Promise<{ address: string; family: 4 | 6 }>;
}

const REQUEST_TIMEOUT_MS = 20_000;
/** SyncFolderItems pages (the EWS maximum is 512). */
const SYNC_PAGE = 512;
/**
 * Exchange 2010 SP2 requests: every on-premise Exchange still running (2013, 2016, 2019, SE) answers them,
 * and they hold everything used here (CalendarView, SyncFolderItems, settable iCalendar UID).
 */
const REQUEST_VERSION = ExchangeVersion.Exchange2010_SP2;

/** What a calendar view returns per occurrence: enough to decide whether it blocks, and whose it is. */
const VIEW_PROPERTIES = () =>
  new PropertySet(BasePropertySet.IdOnly, [
    AppointmentSchema.Start,
    AppointmentSchema.End,
    AppointmentSchema.IsAllDayEvent,
    AppointmentSchema.LegacyFreeBusyStatus,
    AppointmentSchema.IsCancelled,
    AppointmentSchema.ICalUid,
  ]);

/**
 * Exchange on-premise through EWS (ews-javascript-api; its HTTP layer is @ewsjs/xhr on axios, which does
 * Basic and NTLMv2). Busy times come from FindAppointments over a CalendarView (Exchange expands the
 * recurrences); anything whose LegacyFreeBusyStatus is not Free blocks. EWS has no ctag: the cheap
 * "anything changed?" question is SyncFolderItems from the stored sync state (IdOnly, one small answer
 * when nothing moved); when something changed the window is read again as a calendar view (complete), since
 * SyncFolderItems returns series, not occurrences. No push (EWS notifications need a reachable listener or
 * a held stream): the engine's periodic sync is the only way changes arrive.
 */
export class EwsAdapter implements CalendarProviderPort {
  private readonly service: ExchangeService;

  constructor(serverUrl: string, account: EwsAccount) {
    this.service = new ExchangeService(REQUEST_VERSION);
    this.service.Url = new Uri(serverUrl);
    this.service.Credentials = new WebCredentials(account.username, account.password);
    // axios options: a time limit, and no redirect (the address passed the outbound policy; a 3xx elsewhere did not).
    // The lookup connects to the address the outbound-address policy just checked (no second DNS answer).
    const xhr = new XhrApi({
      timeout: REQUEST_TIMEOUT_MS,
      maxRedirects: 0,
      ...(account.lookup ? { lookup: account.lookup } : {}),
    });
    this.service.XHRApi =
      account.authMethod === 'ntlm' ? xhr.useNtlmAuthentication(account.username, account.password) : xhr;
  }

  /** The mailbox's own calendar (a GetFolder: also the credentials check of the connect form). */
  async listCalendars(): Promise<RemoteCalendar[]> {
    const folder = await this.call(() =>
      CalendarFolder.Bind(
        this.service,
        WellKnownFolderName.Calendar,
        new PropertySet(BasePropertySet.IdOnly, [FolderSchema.DisplayName]),
      ),
    );
    return [
      {
        externalId: folder.Id.UniqueId,
        displayName: folder.DisplayName || 'Calendrier',
        color: null,
        primary: true,
      },
    ];
  }

  async sync(calendar: CalendarRef, cursor: SyncCursor | null, options: SyncOptions): Promise<SyncResult> {
    const folderId = new FolderId(calendar.externalId);
    let syncState = cursor?.token ?? null;
    if (syncState) {
      const changes = await this.changesSince(folderId, syncState);
      if (changes === 'invalid') return unchangedResult(cursor, true);
      if (changes.count === 0) return unchangedResult({ token: changes.syncState, ctag: null }, false);
      syncState = changes.syncState;
    } else {
      // The first sync also takes the folder's current sync state, for the next "anything changed?".
      const changes = await this.changesSince(folderId, null);
      if (changes === 'invalid') throw new CalendarProviderError('EWS refused an empty sync state');
      syncState = changes.syncState;
    }
    const occurrences = await this.view(folderId, options.window.from, options.window.to);
    return {
      upserts: occurrences.map((o) => ({ key: o.key, uid: o.uid, ranges: busyRanges(o, options) })),
      deletes: [],
      nextCursor: { token: syncState, ctag: null },
      complete: true,
      fullResyncNeeded: false,
    };
  }

  async fetchBusy(
    calendar: CalendarRef,
    from: Date,
    to: Date,
    options: BusyOptions,
  ): Promise<LiveBusyRange[]> {
    const occurrences = await this.view(new FolderId(calendar.externalId), from, to);
    return occurrences.flatMap((o) => busyRanges(o, options).map((range) => ({ ...range, uid: o.uid })));
  }

  /**
   * Idempotent: a retry after a lost answer finds our event by its iCalendar UID in the view of its own
   * time span and writes over it. No invitation leaves Exchange (SendToNone).
   */
  async createEvent(calendar: CalendarRef, event: OutgoingEvent): Promise<WrittenEvent> {
    const folderId = new FolderId(calendar.externalId);
    const already = (await this.view(folderId, event.start, event.end)).find((o) => o.uid === event.uid);
    if (already) return this.updateEvent(calendar, { ref: already.key, etag: null }, event);
    const appointment = new Appointment(this.service);
    fill(appointment, event);
    appointment.ICalUid = event.uid;
    await this.call(() => appointment.Save(folderId, SendInvitationsMode.SendToNone));
    return { ref: appointment.Id.UniqueId, etag: appointment.Id.ChangeKey ?? null };
  }

  /** The appointment is the truth: written over whatever was edited on the Exchange side (AlwaysOverwrite). */
  async updateEvent(
    calendar: CalendarRef,
    written: WrittenEvent,
    event: OutgoingEvent,
  ): Promise<WrittenEvent> {
    let appointment: Appointment;
    try {
      appointment = await this.call(() =>
        Appointment.Bind(this.service, new ItemId(written.ref), new PropertySet(BasePropertySet.IdOnly)),
      );
    } catch (error) {
      if (isItemGone(error)) return this.createEvent(calendar, event);
      throw error;
    }
    fill(appointment, event);
    await this.call(() =>
      appointment.Update(
        ConflictResolutionMode.AlwaysOverwrite,
        SendInvitationsOrCancellationsMode.SendToNone,
      ),
    );
    return { ref: appointment.Id.UniqueId, etag: appointment.Id.ChangeKey ?? null };
  }

  /** Idempotent: an item already gone counts as deleted. No cancellation is sent. */
  async deleteEvent(_calendar: CalendarRef, written: WrittenEvent): Promise<void> {
    const responses = await this.call(() =>
      this.service.DeleteItems(
        [new ItemId(written.ref)],
        DeleteMode.MoveToDeletedItems,
        SendCancellationsMode.SendToNone,
        AffectedTaskOccurrence.AllOccurrences,
      ),
    );
    const response = responses.Responses[0];
    if (!response || response.Result === ServiceResult.Success) return;
    if (response.ErrorCode === ServiceError.ErrorItemNotFound) return;
    throw new CalendarProviderError(`EWS DeleteItem answered ${ServiceError[response.ErrorCode]}`);
  }

  // ---- plumbing --------------------------------------------------------------------------------------------

  /**
   * Every occurrence in [from, to), one calendar view per month: Exchange caps a view (1000 items by
   * default) and a month never comes near it. An occurrence across a month boundary comes twice: kept once.
   */
  private async view(folderId: FolderId, from: Date, to: Date): Promise<Occurrence[]> {
    const found = new Map<string, Occurrence>();
    for (let start = from; start < to;) {
      const next = DateTime.fromJSDate(start).plus({ months: 1 }).toJSDate();
      const end = next < to ? next : to;
      const view = new CalendarView(ewsDate(start), ewsDate(end));
      view.PropertySet = VIEW_PROPERTIES();
      const result = await this.call(() => this.service.FindAppointments(folderId, view));
      for (const item of result.Items) {
        const key = item.Id.UniqueId;
        if (found.has(key)) continue;
        found.set(key, {
          key,
          uid: item.ICalUid || null,
          start: new Date(item.Start.TotalMilliSeconds),
          end: new Date(item.End.TotalMilliSeconds),
          allDay: item.IsAllDayEvent,
          free: item.LegacyFreeBusyStatus === LegacyFreeBusyStatus.Free,
          cancelled: item.IsCancelled,
        });
      }
      start = end;
    }
    return [...found.values()];
  }

  /** Changes since `syncState` (null: from the beginning), read to the end; 'invalid': a state EWS forgot. */
  private async changesSince(
    folderId: FolderId,
    syncState: string | null,
  ): Promise<{ count: number; syncState: string } | 'invalid'> {
    let state = syncState;
    let count = 0;
    for (;;) {
      let changes;
      try {
        changes = await this.call(() =>
          this.service.SyncFolderItems(
            folderId,
            new PropertySet(BasePropertySet.IdOnly),
            null as never,
            SYNC_PAGE,
            SyncFolderItemsScope.NormalItems,
            state as string,
          ),
        );
      } catch (error) {
        if (state && errorCodeOf(error) === ServiceError.ErrorInvalidSyncStateData) return 'invalid';
        throw error;
      }
      count += changes.Count;
      state = changes.SyncState;
      if (!changes.MoreChangesAvailable) return { count, syncState: state };
    }
  }

  /** Runs one EWS call; a refused login becomes CalendarAuthError, anything else CalendarProviderError. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translate(error);
    }
  }
}

interface Occurrence {
  key: string;
  uid: string | null;
  start: Date;
  end: Date;
  allDay: boolean;
  free: boolean;
  cancelled: boolean;
}

function busyRanges(o: Occurrence, options: BusyOptions): BusyRange[] {
  if (o.free || o.cancelled || (o.allDay && !options.allDayBlocks) || o.end <= o.start) return [];
  return [{ start: o.start, end: o.end }];
}

function fill(appointment: Appointment, event: OutgoingEvent): void {
  appointment.Subject = event.title;
  appointment.Body = new MessageBody(BodyType.Text, event.description);
  appointment.Location = event.location ?? '';
  appointment.Start = ewsDate(event.start);
  appointment.End = ewsDate(event.end);
  appointment.LegacyFreeBusyStatus = LegacyFreeBusyStatus.Busy;
  appointment.IsReminderSet = false;
}

function ewsDate(date: Date): EwsDateTime {
  return new EwsDateTime(date.getTime());
}

function unchangedResult(cursor: SyncCursor | null, fullResyncNeeded: boolean): SyncResult {
  return {
    upserts: [],
    deletes: [],
    nextCursor: cursor ?? { token: null, ctag: null },
    complete: false,
    fullResyncNeeded,
  };
}

function isItemGone(error: unknown): boolean {
  return errorCodeOf(error) === ServiceError.ErrorItemNotFound;
}

/** The EWS response code behind a translated error (CalendarProviderError keeps the library's as cause). */
function errorCodeOf(error: unknown): ServiceError | null {
  const cause = error instanceof CalendarProviderError ? error.cause : error;
  return cause instanceof ServiceResponseException ? cause.ErrorCode : null;
}

/**
 * ews-javascript-api throws its own exceptions for SOAP errors, and the raw XHR answer (an object with a
 * `status`) when the HTTP exchange itself failed; a 401 is ServiceRequestUnauthorizedException or that raw 401.
 */
function translate(error: unknown): Error {
  if (error instanceof CalendarAuthError || error instanceof CalendarProviderError) return error;
  const status = statusOf(error);
  // A refused login comes as SoapFaultDetails whose Exception is ServiceRequestUnauthorizedException.
  const inner = (error as { Exception?: unknown } | null)?.Exception;
  const names = [error, inner].map(
    (e) => (e as { constructor?: { name?: string } } | null)?.constructor?.name,
  );
  if (
    status === 401 ||
    names.includes('ServiceRequestUnauthorizedException') ||
    messageOf(error) === '401 Unauthorized'
  ) {
    return new CalendarAuthError('Exchange refused the credentials');
  }
  if (error instanceof ServiceResponseException) {
    const wrapped = new CalendarProviderError(
      `EWS answered ${ServiceError[error.ErrorCode] ?? error.Message}`,
    );
    wrapped.cause = error;
    return wrapped;
  }
  const message = error instanceof Error ? error.message : (messageOf(error) ?? 'no answer');
  return new CalendarProviderError(`Exchange server unreachable or not EWS: ${message}`, status);
}

function statusOf(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const direct = (error as { status?: unknown }).status;
  if (typeof direct === 'number' && direct > 0) return direct;
  const inner =
    (error as { innerException?: unknown; InnerException?: unknown }).innerException ??
    (error as { InnerException?: unknown }).InnerException;
  return inner && inner !== error ? statusOf(inner) : null;
}

function messageOf(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { message, statusText } = error as { message?: unknown; statusText?: unknown };
  return typeof message === 'string' ? message : typeof statusText === 'string' ? statusText : null;
}

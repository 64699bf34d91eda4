import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { atOffice, getSector, type Sector } from '@rdv/sectors';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { HostResolver, OUTBOUND_REFUSAL_DETAILS, checkOutboundAddress } from '../../common/outbound-address';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { OutboxService } from '../outbox';
import {
  CalendarAuthError,
  CalendarProviderError,
  type CalendarCredentials,
  type CalendarProviderPort,
  type SyncCursor,
} from './calendar-provider.port';
import { CalendarProviders } from './calendar-providers';
import { SYNC_JOB } from './calendar-sync.jobs';
import {
  CalendarSyncRepository,
  type AppointmentToWrite,
  type CalendarChoices,
  type ConnectionRow,
  type ExternalCalendarRow,
} from './calendar-sync.repository';
import { ICLOUD_CALDAV_URL } from './caldav.adapter';
import type { EwsAuthMethod } from './ews.adapter';
import { CalendarEncryptionUnavailableError, CredentialCipher } from './credential-cipher';
import type { OAuthCalendarProvider } from './oauth-flow';
import { connectionTokenKeeper, RedisLock, type OAuthTokens, type TokenKeeper } from './oauth-tokens';
import { InjectRedis } from '../../redis/redis.module';
import { GoogleCalendarAdapter } from './google.adapter';
import { GoogleWatchChannels, WATCH_RENEW_MARGIN_MS, watchKey } from './google-watch';
import { GraphCalendarAdapter } from './graph.adapter';
import { GraphClientStates, graphSubscriptionKey, SUBSCRIPTION_RENEW_MARGIN_MS } from './graph-subscriptions';
import type { Redis } from 'ioredis';
import { calendarSyncsTotal } from '../../observability/metrics';

/** Busy times are cached this far ahead (the longest booking horizon is 12 months). */
export const SYNC_WINDOW_MONTHS = 12;
const REAUTH_MESSAGE = 'Le compte a refusé nos identifiants : reconnectez-le.';

/** A CalDAV server address refused by the outbound-address policy (no request is sent there). */
export class CalDavAddressForbiddenError extends DomainError {
  constructor(
    detail: string,
    /** The stored connection found refused before a sync or a write, to mark it in error. */
    readonly connectionId?: string,
    /** The kind of server, as the lawyer knows it (CalDAV, Exchange). */
    serverKind = 'CalDAV',
  ) {
    super('CALDAV_ADDRESS_FORBIDDEN', `L’adresse du serveur ${serverKind} est refusée : ${detail}`, 400);
  }
}

/** Exchange Online (Microsoft 365) answers EWS until it is shut off there (2026-2027): its accounts use Office 365. */
const EXCHANGE_ONLINE_HOSTS = /(^|\.)(office365\.com|outlook\.com|office\.com|microsoft\.com|live\.com)$/i;
/** Where EWS lives on an on-premise Exchange: used when the lawyer gives only the server's address. */
const EWS_PATH = '/EWS/Exchange.asmx';

export interface CalendarView {
  id: string;
  displayName: string;
  color: string | null;
  useForBusy: boolean;
  isWriteTarget: boolean;
  allDayBlocks: boolean;
  lastSyncedAt: string | null;
}

export interface ConnectionView {
  id: string;
  provider: ConnectionRow['provider'];
  accountLabel: string;
  serverUrl: string | null;
  status: ConnectionRow['status'];
  lastError: string | null;
  lastErrorAt: string | null;
  lastOkAt: string | null;
  pauseBookingWhenBroken: boolean;
  calendars: CalendarView[];
}

export interface CalDavConnectInput {
  provider: 'caldav' | 'apple';
  serverUrl?: string;
  username: string;
  password: string;
}

export interface ExchangeConnectInput {
  serverUrl: string;
  username: string;
  password: string;
  /** absent: NTLM is tried first (the default of an Exchange EWS directory), then Basic */
  authMethod?: EwsAuthMethod;
}

export type SyncOutcome = 'synced' | 'unchanged' | 'skipped' | 'needs_reauth' | 'address_refused';
export type WriteBackOutcome =
  'written' | 'moved' | 'unchanged' | 'deleted' | 'nothing' | 'needs_reauth' | 'address_refused';

/** "Au cabinet" / "À l’étude" / "Au salon", "En visio", "Par téléphone". */
function modeLabel(mode: AppointmentToWrite['mode'], sector: Sector): string {
  if (mode === 'visio') return 'En visio';
  if (mode === 'phone') return 'Par téléphone';
  const at = atOffice(sector);
  return at.charAt(0).toUpperCase() + at.slice(1);
}

/**
 * The calendar-sync engine: connects accounts (credentials sealed at rest), keeps the lawyer's choices,
 * and syncs busy calendars into the busy-range cache the slot query reads. Provider specifics stay in the
 * adapters behind CalendarProviderPort.
 */
@Injectable()
export class CalendarSyncService {
  private readonly logger = new Logger(CalendarSyncService.name);

  constructor(
    private readonly repository: CalendarSyncRepository,
    private readonly cipher: CredentialCipher,
    private readonly providers: CalendarProviders,
    private readonly outbox: OutboxService,
    @InjectDb() private readonly db: Database,
    @Inject(ENV) private readonly env: Env,
    private readonly resolver: HostResolver,
    @InjectRedis() private readonly redis: Redis,
  ) {
    this.tokenLock = new RedisLock(redis);
    this.watchChannels = new GoogleWatchChannels(env.JWT_SECRET);
    this.graphClientStates = new GraphClientStates(env.JWT_SECRET);
  }

  readonly watchChannels: GoogleWatchChannels;
  readonly graphClientStates: GraphClientStates;
  private readonly tokenLock: RedisLock;

  /**
   * At booking time: when a busy calendar's cache is older than CALENDAR_SYNC_FRESH_SECONDS, asks the
   * provider live whether [start, end) is busy there. Our own written events do not count. A provider that
   * fails to answer leaves the cache as the answer (booking goes on), so an outage there never stops bookings.
   */
  async busyLive(userId: string, start: Date, end: Date): Promise<boolean> {
    const stale = await this.repository.staleBusyCalendars(userId, this.env.CALENDAR_SYNC_FRESH_SECONDS);
    for (const { calendar, connection, zone } of stale) {
      try {
        const ranges = await (
          await this.adapterOf(connection)
        ).fetchBusy({ externalId: calendar.externalId }, start, end, {
          allDayBlocks: calendar.allDayBlocks,
          zone,
        });
        const own = await this.repository.ownUids(ranges.map((r) => r.uid).filter((u): u is string => !!u));
        if (ranges.some((r) => !(r.uid && own.has(r.uid)) && r.start < end && r.end > start)) return true;
      } catch (error) {
        this.logger.warn(
          { connectionId: connection.id },
          `live busy check failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return false;
  }

  get encryptionConfigured(): boolean {
    return this.cipher.configured;
  }

  async listConnections(userId: string): Promise<ConnectionView[]> {
    const connections = await this.repository.listConnections(userId);
    const calendars = await this.repository.listCalendars(connections.map((c) => c.id));
    return connections.map((c) => toView(c, calendars));
  }

  async connectCalDav(userId: string, input: CalDavConnectInput): Promise<ConnectionView> {
    if (!this.cipher.configured) throw new CalendarEncryptionUnavailableError();
    const serverUrl = input.provider === 'apple' ? ICLOUD_CALDAV_URL : input.serverUrl;
    if (!serverUrl) {
      throw new DomainError('VALIDATION_FAILED', "L'adresse du serveur CalDAV est obligatoire.", 400);
    }
    const credentials: CalendarCredentials = {
      kind: 'password',
      username: input.username,
      password: input.password,
    };
    await this.assertServerAllowed(serverUrl);
    const adapter = this.providers.adapterFor({ provider: input.provider, serverUrl, credentials });
    const remote = await this.explainConnectFailure(() => adapter.listCalendars());
    const id = randomUUID();
    const sealed = this.cipher.seal(credentials, id);
    const connection = await this.repository.insertConnection({
      id,
      userId,
      provider: input.provider,
      accountLabel: input.username,
      serverUrl,
      credentialsCiphertext: sealed.ciphertext,
      credentialsKeyId: sealed.keyId,
    });
    if (!connection) {
      throw new ConflictError('CALENDAR_ALREADY_CONNECTED', 'Ce compte de calendrier est déjà connecté.');
    }
    await this.repository.upsertCalendars(id, userId, remote);
    await this.repository.markConnectionOk(id);
    return this.viewOf(userId, id);
  }

  /**
   * An on-premise Exchange mailbox through EWS: the address checked (https, public), the login tried
   * against the server (GetFolder of the calendar) before anything is saved. The same account connected
   * again takes the new password and address: that is how a broken connection is reconnected.
   */
  async connectExchange(userId: string, input: ExchangeConnectInput): Promise<ConnectionView> {
    if (!this.cipher.configured) throw new CalendarEncryptionUnavailableError();
    const serverUrl = ewsEndpointOf(input.serverUrl);
    if (EXCHANGE_ONLINE_HOSTS.test(new URL(serverUrl).hostname)) {
      throw new DomainError(
        'EXCHANGE_ONLINE_NOT_SUPPORTED',
        'Microsoft 365 (Exchange Online) ferme l’accès EWS : utilisez la connexion Office 365.',
        400,
      );
    }
    await this.assertServerAllowed(serverUrl, undefined, 'Exchange');
    const methods: EwsAuthMethod[] = input.authMethod ? [input.authMethod] : ['ntlm', 'basic'];
    let remote: Awaited<ReturnType<CalendarProviderPort['listCalendars']>> | null = null;
    let credentials: CalendarCredentials | null = null;
    const failures: unknown[] = [];
    for (const authMethod of methods) {
      const tried: CalendarCredentials = {
        kind: 'password',
        username: input.username,
        password: input.password,
        authMethod,
      };
      const adapter = this.providers.adapterFor({ provider: 'exchange', serverUrl, credentials: tried });
      try {
        remote = await adapter.listCalendars();
        credentials = tried;
        break;
      } catch (error) {
        // A Basic-only server breaks the NTLM handshake (no NTLM challenge): the next method may still log in.
        failures.push(error);
      }
    }
    if (!remote || !credentials) {
      throw explainExchangeFailure(failures.find((f) => f instanceof CalendarAuthError) ?? failures[0]);
    }
    const existing = await this.repository.findConnectionByAccount(userId, 'exchange', input.username);
    const id = existing?.id ?? randomUUID();
    const sealed = this.cipher.seal(credentials, id);
    if (existing) {
      await this.repository.reconnectPasswordAccount(id, {
        serverUrl,
        credentialsCiphertext: sealed.ciphertext,
        credentialsKeyId: sealed.keyId,
      });
    } else {
      const inserted = await this.repository.insertConnection({
        id,
        userId,
        provider: 'exchange',
        accountLabel: input.username,
        serverUrl,
        credentialsCiphertext: sealed.ciphertext,
        credentialsKeyId: sealed.keyId,
      });
      if (!inserted) {
        throw new ConflictError('CALENDAR_ALREADY_CONNECTED', 'Ce compte de calendrier est déjà connecté.');
      }
    }
    await this.repository.upsertCalendars(id, userId, remote);
    await this.repository.markConnectionOk(id);
    if (existing) {
      const calendars = await this.repository.listCalendars([id]);
      for (const calendar of calendars.filter((c) => c.useForBusy)) await this.enqueueSync(calendar.id);
    }
    return this.viewOf(userId, id);
  }

  /**
   * The end of an OAuth consent: the account (new, or the same account reconnected after a broken token)
   * stored with its sealed tokens, its calendars listed, its busy calendars synced at once (jobs).
   */
  async connectOAuthAccount(
    userId: string,
    provider: OAuthCalendarProvider,
    tokens: OAuthTokens | Extract<CalendarCredentials, { kind: 'msal' }>,
    account: {
      accountLabel(): Promise<string>;
      listCalendars(): ReturnType<CalendarProviderPort['listCalendars']>;
    },
  ): Promise<ConnectionView> {
    if (!this.cipher.configured) throw new CalendarEncryptionUnavailableError();
    const accountLabel = await account.accountLabel();
    const remote = await account.listCalendars();
    const existing = await this.repository.findConnectionByAccount(userId, provider, accountLabel);
    const id = existing?.id ?? randomUUID();
    const sealed = this.cipher.seal(tokens, id);
    const sealedRow = { credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId };
    if (existing) {
      await this.repository.saveCredentials(id, sealedRow);
    } else {
      const inserted = await this.repository.insertConnection({
        id,
        userId,
        provider,
        accountLabel,
        serverUrl: null,
        ...sealedRow,
      });
      if (!inserted) {
        throw new ConflictError('CALENDAR_ALREADY_CONNECTED', 'Ce compte de calendrier est déjà connecté.');
      }
    }
    await this.repository.upsertCalendars(id, userId, remote);
    await this.repository.markConnectionOk(id);
    const calendars = await this.repository.listCalendars([id]);
    for (const calendar of calendars.filter((c) => c.useForBusy)) await this.enqueueSync(calendar.id);
    return this.viewOf(userId, id);
  }

  /** Saves the lawyer's choices on one calendar; a calendar that starts blocking is synced at once (job). */
  async updateCalendar(userId: string, calendarId: string, choices: CalendarChoices): Promise<CalendarView> {
    const row = await this.repository.updateCalendarChoices(userId, calendarId, choices);
    if (!row) throw new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');
    if (row.useForBusy) await this.enqueueSync(row.id);
    return calendarView(row);
  }

  async setPauseBookingWhenBroken(
    userId: string,
    connectionId: string,
    pause: boolean,
  ): Promise<ConnectionView> {
    if (!(await this.repository.setPauseBookingWhenBroken(userId, connectionId, pause))) {
      throw new NotFoundError('CALENDAR_CONNECTION_NOT_FOUND', 'Connexion de calendrier introuvable');
    }
    return this.viewOf(userId, connectionId);
  }

  /** Forgets the account: sealed credentials, calendars and cached busy times go (cascades). */
  async disconnect(userId: string, connectionId: string): Promise<void> {
    await this.endGraphSubscriptions(userId, connectionId);
    if (!(await this.repository.deleteConnection(userId, connectionId))) {
      throw new NotFoundError('CALENDAR_CONNECTION_NOT_FOUND', 'Connexion de calendrier introuvable');
    }
  }

  enqueueSync(calendarId: string): Promise<number> {
    return this.outbox.enqueue(this.db, {
      queue: QUEUES.calendarSync,
      jobName: SYNC_JOB,
      payload: { calendarId },
    });
  }

  /**
   * One sync of one calendar: changes since its cursor (a full listing when it has none or the provider
   * refused it) applied to the busy-range cache. A refused credential marks the connection needs_reauth and
   * stops there; other provider failures throw so the job is retried.
   */
  async syncCalendar(calendarId: string): Promise<SyncOutcome> {
    const found = await this.repository.findCalendarForSync(calendarId);
    if (!found || !found.calendar.useForBusy || found.connection.status === 'needs_reauth') return 'skipped';
    const provider = found.connection.provider;
    try {
      const outcome = await this.syncFound(calendarId, found);
      const ok = outcome === 'synced' || outcome === 'unchanged';
      calendarSyncsTotal.inc({ provider, outcome: ok ? 'ok' : 'error' });
      return outcome;
    } catch (error) {
      calendarSyncsTotal.inc({ provider, outcome: 'error' });
      throw error;
    }
  }

  private async syncFound(
    calendarId: string,
    found: NonNullable<Awaited<ReturnType<CalendarSyncRepository['findCalendarForSync']>>>,
  ): Promise<SyncOutcome> {
    const { calendar, connection, zone } = found;
    let adapter: CalendarProviderPort;
    try {
      adapter = await this.adapterOf(connection);
    } catch (error) {
      if (!(error instanceof CalDavAddressForbiddenError)) throw error;
      // Marked in error for the lawyer to see; no request sent, and no retry (it would be refused again).
      await this.repository.markConnectionFailed(connection.id, 'error', error.message);
      this.logger.warn({ connectionId: connection.id }, 'calendar server address refused, not synced');
      return 'address_refused';
    }
    const from = DateTime.now().setZone(zone).startOf('day');
    const options = {
      allDayBlocks: calendar.allDayBlocks,
      zone,
      window: { from: from.toJSDate(), to: from.plus({ months: SYNC_WINDOW_MONTHS }).toJSDate() },
    };
    const cursor: SyncCursor | null =
      calendar.syncCursor || calendar.ctag ? { token: calendar.syncCursor, ctag: calendar.ctag } : null;
    try {
      let result = await adapter.sync({ externalId: calendar.externalId }, cursor, options);
      if (result.fullResyncNeeded)
        result = await adapter.sync({ externalId: calendar.externalId }, null, options);
      const unchanged = !result.complete && result.upserts.length === 0 && result.deletes.length === 0;
      await this.repository.applySync(calendar, connection.provider, result, result.nextCursor);
      await this.repository.markConnectionOk(connection.id);
      if (adapter instanceof GoogleCalendarAdapter)
        await this.ensureGoogleWatch(calendarId, calendar.externalId, adapter);
      if (adapter instanceof GraphCalendarAdapter)
        await this.ensureGraphSubscription(calendarId, calendar.externalId, adapter);
      return unchanged ? 'unchanged' : 'synced';
    } catch (error) {
      if (error instanceof CalendarAuthError) {
        await this.repository.markConnectionFailed(connection.id, 'needs_reauth', REAUTH_MESSAGE);
        this.logger.warn({ connectionId: connection.id }, 'calendar connection needs re-authentication');
        return 'needs_reauth';
      }
      if (error instanceof CalendarProviderError) {
        await this.repository.markConnectionFailed(
          connection.id,
          'error',
          'Le serveur de calendrier ne répond pas ; nouvel essai automatique.',
        );
      }
      throw error;
    }
  }

  /**
   * Push for a Google calendar: a watch channel, opened when there is none and renewed a day before it
   * ends (the Redis key lives until then). A failure only costs the push: the periodic sync remains.
   */
  private async ensureGoogleWatch(
    calendarId: string,
    externalId: string,
    adapter: GoogleCalendarAdapter,
  ): Promise<void> {
    const address = this.providers.googleWebhookUrl();
    if (!address || (await this.redis.exists(watchKey(calendarId)))) return;
    try {
      const channel = this.watchChannels.channelFor(calendarId);
      const opened = await adapter.watch({ externalId }, { ...channel, address });
      const until = (opened.expiration ?? Date.now() + 7 * 24 * 3600_000) - WATCH_RENEW_MARGIN_MS;
      await this.redis.set(watchKey(calendarId), channel.id, 'PX', Math.max(60_000, until - Date.now()));
    } catch (error) {
      this.logger.warn(
        { calendarId },
        `Google watch channel not opened: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Push for an Outlook.com / Office 365 calendar: a Graph subscription, created when there is none (Graph
   * checks our receiver with a validationToken first) and renewed once less than a day of its ~3 days remains.
   * A failure only costs the push: the periodic sync remains.
   */
  private async ensureGraphSubscription(
    calendarId: string,
    externalId: string,
    adapter: GraphCalendarAdapter,
  ): Promise<void> {
    const notificationUrl = this.providers.microsoftWebhookUrl();
    if (!notificationUrl) return;
    const key = graphSubscriptionKey(calendarId);
    // After a refusal (e.g. Graph cannot reach a development host), the next try waits an hour, not a minute.
    const pause = `${key}:pause`;
    let busy = false;
    try {
      if (await this.redis.exists(pause)) return;
      const stored = await this.redis.get(key);
      const known = stored ? (JSON.parse(stored) as { id: string; expiresAt: number }) : null;
      if (known && known.expiresAt - Date.now() > SUBSCRIPTION_RENEW_MARGIN_MS) return;
      // Two syncs of the calendar at once (a push and the periodic one): one subscribes, the other leaves it.
      if ((await this.redis.set(`${key}:busy`, '1', 'PX', 30_000, 'NX')) !== 'OK') return;
      busy = true;
      let live: { id: string; expiresAt: number } | null = null;
      if (known) {
        const renewed = await adapter.renewSubscription(known.id);
        if (renewed) live = { id: known.id, expiresAt: renewed.expiresAt };
      }
      live ??= await adapter.subscribe(
        { externalId },
        { notificationUrl, clientState: this.graphClientStates.clientStateFor(calendarId) },
      );
      await this.redis.set(key, JSON.stringify(live), 'PX', Math.max(60_000, live.expiresAt - Date.now()));
    } catch (error) {
      await this.redis.set(pause, '1', 'EX', 3600).catch(() => undefined);
      this.logger.warn(
        { calendarId },
        `Graph subscription not opened: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      if (busy) await this.redis.del(`${key}:busy`).catch(() => undefined);
    }
  }

  /**
   * Before a Microsoft account is forgotten: its Graph subscriptions are deleted, so Microsoft stops watching
   * the mailbox for us at once rather than at their expiry. Best effort: a failure does not keep the account.
   */
  private async endGraphSubscriptions(userId: string, connectionId: string): Promise<void> {
    const connection = await this.repository.findConnection(connectionId);
    if (!connection || connection.userId !== userId) return;
    if (connection.provider !== 'live' && connection.provider !== 'office365') return;
    for (const calendar of await this.repository.listCalendars([connectionId])) {
      const key = graphSubscriptionKey(calendar.id);
      const stored = await this.redis.get(key);
      if (!stored) continue;
      try {
        const adapter = await this.adapterOf(connection);
        if (adapter instanceof GraphCalendarAdapter)
          await adapter.deleteSubscription((JSON.parse(stored) as { id: string }).id);
      } catch (error) {
        this.logger.warn(
          { connectionId },
          `Graph subscription not deleted: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await this.redis.del(key);
    }
  }

  /**
   * Graph change notifications: each one whose clientState is genuine queues a sync of its calendar (once
   * per batch). Returns how many were genuine; the receiver refuses a batch with none.
   */
  async onGraphNotifications(clientStates: unknown[]): Promise<number> {
    const calendars = new Set<string>();
    for (const state of clientStates) {
      const calendarId = this.graphClientStates.calendarOf(state);
      if (calendarId) calendars.add(calendarId);
    }
    for (const calendarId of calendars) {
      const calendar = await this.repository.findCalendar(calendarId);
      if (calendar?.useForBusy) await this.enqueueSync(calendarId);
    }
    return calendars.size;
  }

  /** A checked push notification: the calendar is synced by a job (the receiver does nothing else). */
  async onGoogleNotification(channelId: string | undefined, token: string | undefined): Promise<boolean> {
    const calendarId = this.watchChannels.calendarOf(channelId, token);
    if (!calendarId) return false;
    const calendar = await this.repository.findCalendar(calendarId);
    if (!calendar?.useForBusy) return true;
    await this.enqueueSync(calendarId);
    return true;
  }

  /**
   * Brings the lawyer's write-target calendar in line with the appointment as it is now: a confirmed
   * appointment is created there (or moved), a refused or cancelled one deleted; a pending one is not
   * written. State-driven, so a retried or duplicated job converges to the same result.
   */
  async writeBack(appointmentId: string, uidDomain: string): Promise<WriteBackOutcome> {
    const appointment = await this.repository.findAppointmentToWrite(appointmentId);
    if (!appointment) return 'nothing';
    const writes = await this.repository.listWrites(appointmentId);
    const target =
      appointment.status === 'confirmed'
        ? await this.repository.findWriteTarget(appointment.userId)
        : undefined;
    let outcome: WriteBackOutcome = 'nothing';
    try {
      // Deleted where it no longer belongs: not confirmed any more, or the lawyer chose another target.
      for (const { write, calendar, connection } of writes) {
        if (target && target.calendar.id === calendar.id) continue;
        if (connection.status === 'needs_reauth') continue;
        if (write.eventRef) {
          await (
            await this.adapterOf(connection)
          ).deleteEvent({ externalId: calendar.externalId }, { ref: write.eventRef, etag: write.etag });
        }
        await this.repository.markWriteDeleted(write.id);
        outcome = 'deleted';
      }
      if (!target || target.connection.status === 'needs_reauth') return outcome;
      const event = {
        uid: `${appointment.refAppointment}@${uidDomain}`,
        title: `RDV ${appointment.clientName ?? 'client'}${appointment.motiveTitle ? ` - ${appointment.motiveTitle}` : ''}`,
        description: [
          modeLabel(appointment.mode, getSector(this.env.SECTOR)),
          appointment.visioUrl ? `Visio : ${appointment.visioUrl}` : null,
        ]
          .filter(Boolean)
          .join('\n'),
        location: appointment.mode === 'visio' ? appointment.visioUrl : appointment.location,
        start: appointment.startsAt,
        end: appointment.endsAt,
      };
      const existing = writes.find((w) => w.calendar.id === target.calendar.id)?.write;
      const adapter = await this.adapterOf(target.connection);
      const calendarRef = { externalId: target.calendar.externalId };
      if (existing?.eventRef) {
        const same =
          existing.writtenStartsAt?.getTime() === event.start.getTime() &&
          existing.writtenEndsAt?.getTime() === event.end.getTime();
        if (same) return 'unchanged';
        const written = await adapter.updateEvent(
          calendarRef,
          { ref: existing.eventRef, etag: existing.etag },
          event,
        );
        await this.repository.saveWritten(existing.id, {
          ...written,
          startsAt: event.start,
          endsAt: event.end,
        });
        return 'moved';
      }
      const intent = await this.repository.upsertWriteIntent(appointment.id, target.calendar.id, event.uid);
      const written = await adapter.createEvent(calendarRef, event);
      await this.repository.saveWritten(intent.id, { ...written, startsAt: event.start, endsAt: event.end });
      return 'written';
    } catch (error) {
      if (error instanceof CalendarAuthError && target) {
        await this.repository.markConnectionFailed(target.connection.id, 'needs_reauth', REAUTH_MESSAGE);
        return 'needs_reauth';
      }
      if (error instanceof CalDavAddressForbiddenError && error.connectionId) {
        // No request sent; marked in error for the lawyer, not retried (it would be refused again).
        await this.repository.markConnectionFailed(error.connectionId, 'error', error.message);
        return 'address_refused';
      }
      throw error;
    }
  }

  /**
   * The adapter of a stored connection, once its server address passed the outbound-address policy
   * again: a name may resolve elsewhere since it was connected (DNS rebinding).
   */
  private async adapterOf(connection: ConnectionRow): Promise<CalendarProviderPort> {
    if (connection.serverUrl)
      await this.assertServerAllowed(
        connection.serverUrl,
        connection.id,
        connection.provider === 'exchange' ? 'Exchange' : 'CalDAV',
      );
    const credentials = this.cipher.open<CalendarCredentials>(
      { ciphertext: connection.credentialsCiphertext, keyId: connection.credentialsKeyId },
      connection.id,
    );
    return this.providers.adapterFor({
      provider: connection.provider,
      serverUrl: connection.serverUrl,
      credentials,
      tokenKeeper: credentials.kind === 'oauth' ? this.tokenKeeperOf(connection.id) : undefined,
      msalCache: credentials.kind === 'msal' ? this.msalCacheOf(connection.id, credentials) : undefined,
    });
  }

  /**
   * A Microsoft connection's MSAL cache: re-read from its row before every MSAL access, sealed and saved after
   * every change (a refresh may rotate the refresh token), token acquisitions under the connection's lock.
   */
  private msalCacheOf(
    connectionId: string,
    stored: Extract<CalendarCredentials, { kind: 'msal' }>,
  ): NonNullable<Parameters<CalendarProviders['adapterFor']>[0]['msalCache']> {
    return {
      load: async () => {
        const row = await this.repository.findConnection(connectionId);
        if (!row) throw new CalendarAuthError('connection removed');
        const credentials = this.cipher.open<CalendarCredentials>(
          { ciphertext: row.credentialsCiphertext, keyId: row.credentialsKeyId },
          connectionId,
        );
        return credentials.kind === 'msal' ? credentials.cache : null;
      },
      save: async (cache) => {
        const sealed = this.cipher.seal({ ...stored, cache }, connectionId);
        await this.repository.saveCredentials(connectionId, {
          credentialsCiphertext: sealed.ciphertext,
          credentialsKeyId: sealed.keyId,
        });
      },
      locked: (work) => this.tokenLock.with(`calendar-sync:token-lock:${connectionId}`, work),
    };
  }

  /** Refreshes under the connection's Redis lock; every refreshed (possibly rotated) token is sealed and saved. */
  private tokenKeeperOf(connectionId: string): TokenKeeper {
    return connectionTokenKeeper(this.tokenLock, connectionId, {
      load: async () => {
        const row = await this.repository.findConnection(connectionId);
        if (!row) throw new CalendarAuthError('connection removed');
        return this.cipher.open<OAuthTokens>(
          { ciphertext: row.credentialsCiphertext, keyId: row.credentialsKeyId },
          connectionId,
        );
      },
      save: async (tokens) => {
        const sealed = this.cipher.seal(tokens, connectionId);
        await this.repository.saveCredentials(connectionId, {
          credentialsCiphertext: sealed.ciphertext,
          credentialsKeyId: sealed.keyId,
        });
      },
    });
  }

  /** SSRF guard (issue 10 point 3): https to public addresses only, unless CALDAV_ALLOW_PRIVATE. */
  private async assertServerAllowed(
    serverUrl: string,
    connectionId?: string,
    serverKind = 'CalDAV',
  ): Promise<void> {
    await checkOutboundAddress(
      serverUrl,
      {
        allowPrivate: this.env.CALDAV_ALLOW_PRIVATE,
        // The CalDAV account name and password are typed apart; in the URL they would be stored in clear.
        refuseUrlCredentials: true,
        refuse: (reason) =>
          new CalDavAddressForbiddenError(OUTBOUND_REFUSAL_DETAILS[reason], connectionId, serverKind),
      },
      this.resolver,
    );
  }

  private async viewOf(userId: string, connectionId: string): Promise<ConnectionView> {
    const view = (await this.listConnections(userId)).find((c) => c.id === connectionId);
    if (!view)
      throw new NotFoundError('CALENDAR_CONNECTION_NOT_FOUND', 'Connexion de calendrier introuvable');
    return view;
  }

  private async explainConnectFailure<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CalendarAuthError) {
        throw new DomainError(
          'CALENDAR_CREDENTIALS_REFUSED',
          "Le serveur de calendrier a refusé l'identifiant ou le mot de passe. Pour iCloud, utilisez un mot de passe pour application.",
          400,
        );
      }
      throw new DomainError(
        'CALENDAR_SERVER_UNREACHABLE',
        "Le serveur de calendrier ne répond pas comme un serveur CalDAV : vérifiez l'adresse.",
        400,
      );
    }
  }
}

/** The EWS endpoint of what the lawyer typed: the server's address alone gets Exchange's usual path. */
function ewsEndpointOf(typed: string): string {
  const url = new URL(typed.trim());
  if (url.pathname === '/' || url.pathname === '') url.pathname = EWS_PATH;
  return url.toString();
}

function explainExchangeFailure(error: unknown): DomainError {
  if (error instanceof CalendarAuthError) {
    return new DomainError(
      'CALENDAR_CREDENTIALS_REFUSED',
      "Le serveur Exchange a refusé l'identifiant ou le mot de passe (identifiant sous la forme DOMAINE\\utilisateur ou adresse de connexion).",
      400,
    );
  }
  return new DomainError(
    'CALENDAR_SERVER_UNREACHABLE',
    "Le serveur Exchange ne répond pas comme un service EWS : vérifiez l'adresse (https://…/EWS/Exchange.asmx).",
    400,
  );
}

function toView(c: ConnectionRow, calendars: ExternalCalendarRow[]): ConnectionView {
  return {
    id: c.id,
    provider: c.provider,
    accountLabel: c.accountLabel,
    serverUrl: c.serverUrl,
    status: c.status,
    lastError: c.lastError,
    lastErrorAt: c.lastErrorAt?.toISOString() ?? null,
    lastOkAt: c.lastOkAt?.toISOString() ?? null,
    pauseBookingWhenBroken: c.pauseBookingWhenBroken,
    calendars: calendars.filter((cal) => cal.connectionId === c.id).map(calendarView),
  };
}

function calendarView(c: ExternalCalendarRow): CalendarView {
  return {
    id: c.id,
    displayName: c.displayName,
    color: c.color,
    useForBusy: c.useForBusy,
    isWriteTarget: c.isWriteTarget,
    allDayBlocks: c.allDayBlocks,
    lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null,
  };
}

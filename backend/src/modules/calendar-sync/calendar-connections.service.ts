import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import {
  CalendarAuthError,
  type CalendarCredentials,
  type CalendarProviderPort,
  type RemoteCalendar,
} from './calendar-provider.port';
import { CalendarProviders } from './calendar-providers';
import { explainCalDavFailure, explainExchangeFailure } from './calendar-sync.errors';
import {
  CalendarConnectionsRepository,
  type CalendarChoices,
  type ConnectionRow,
  type ExternalCalendarRow,
} from './calendar-connections.repository';
import { ICLOUD_CALDAV_URL } from './caldav.adapter';
import { ConnectionAdapters } from './connection-adapters';
import { CalendarEncryptionUnavailableError, CredentialCipher } from './credential-cipher';
import type { EwsAuthMethod } from './ews.adapter';
import type { OAuthCalendarProvider } from './oauth-flow';
import type { OAuthTokens } from './oauth-tokens';
import { PushChannels } from './push-channels.service';
import { SyncQueue } from './sync-queue';

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

/**
 * The lawyer's calendar accounts: connected (credentials checked against the provider, then sealed at rest),
 * their calendars' choices kept, forgotten with everything cached from them.
 */
@Injectable()
export class CalendarConnectionsService {
  constructor(
    private readonly repository: CalendarConnectionsRepository,
    private readonly cipher: CredentialCipher,
    private readonly providers: CalendarProviders,
    private readonly adapters: ConnectionAdapters,
    private readonly pushChannels: PushChannels,
    private readonly syncQueue: SyncQueue,
  ) {}

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
    await this.adapters.assertServerAllowed(serverUrl);
    const adapter = this.providers.adapterFor({ provider: input.provider, serverUrl, credentials });
    const remote = await adapter.listCalendars().catch((error: unknown) => {
      throw explainCalDavFailure(error);
    });
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
    await this.blockWithMainCalendar(id, remote);
    await this.repository.markConnectionOk(id);
    await this.syncBusyCalendars(id);
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
    await this.adapters.assertServerAllowed(serverUrl, undefined, 'Exchange');
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
    if (!existing) await this.blockWithMainCalendar(id, remote);
    await this.repository.markConnectionOk(id);
    await this.syncBusyCalendars(id);
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
    // A reconnected account keeps the lawyer's choices; a new one blocks with its main calendar at once.
    if (!existing) await this.blockWithMainCalendar(id, remote);
    await this.repository.markConnectionOk(id);
    await this.syncBusyCalendars(id);
    return this.viewOf(userId, id);
  }

  /** Saves the lawyer's choices on one calendar; a calendar that starts blocking is synced at once (job). */
  async updateCalendar(userId: string, calendarId: string, choices: CalendarChoices): Promise<CalendarView> {
    const row = await this.repository.updateCalendarChoices(userId, calendarId, choices);
    if (!row) throw new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');
    if (row.useForBusy) await this.syncQueue.enqueueSync(row.id);
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

  /** Forgets the account: its push channels end, sealed credentials, calendars and cached busy times go (cascades). */
  async disconnect(userId: string, connectionId: string): Promise<void> {
    const connection = await this.repository.findConnection(connectionId);
    if (connection && connection.userId === userId)
      await this.pushChannels.endAll(connection, () => this.adapters.adapterOf(connection));
    if (!(await this.repository.deleteConnection(userId, connectionId))) {
      throw new NotFoundError('CALENDAR_CONNECTION_NOT_FOUND', 'Connexion de calendrier introuvable');
    }
  }

  /**
   * A lawyer connects a calendar so that its events block: the account's main calendar does from the first
   * click (the provider's primary one, or the first listed when the provider has no such notion).
   */
  private async blockWithMainCalendar(connectionId: string, remote: RemoteCalendar[]): Promise<void> {
    const main = remote.find((c) => c.primary) ?? remote[0];
    if (main) await this.repository.blockWithCalendar(connectionId, main.externalId);
  }

  private async syncBusyCalendars(connectionId: string): Promise<void> {
    const calendars = await this.repository.listCalendars([connectionId]);
    for (const calendar of calendars.filter((c) => c.useForBusy))
      await this.syncQueue.enqueueSync(calendar.id);
  }

  private async viewOf(userId: string, connectionId: string): Promise<ConnectionView> {
    const view = (await this.listConnections(userId)).find((c) => c.id === connectionId);
    if (!view)
      throw new NotFoundError('CALENDAR_CONNECTION_NOT_FOUND', 'Connexion de calendrier introuvable');
    return view;
  }
}

/** The EWS endpoint of what the lawyer typed: the server's address alone gets Exchange's usual path. */
function ewsEndpointOf(typed: string): string {
  const url = new URL(typed.trim());
  if (url.pathname === '/' || url.pathname === '') url.pathname = EWS_PATH;
  return url.toString();
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

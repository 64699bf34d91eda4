import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { DnsHostResolver } from '../../src/common/outbound-address';
import { loadEnv, type Env } from '../../src/config/env.schema';
import type {
  CalendarProviderPort,
  MsalCacheStore,
  ProviderAccount,
  SyncCursor,
} from '../../src/modules/calendar-sync/calendar-provider.port';
import { CalendarProviders } from '../../src/modules/calendar-sync/calendar-providers';
import { googleAuthorizationUrl, redeemGoogleCode } from '../../src/modules/calendar-sync/google.adapter';
import {
  microsoftAuthorizationUrl,
  redeemMicrosoftCode,
} from '../../src/modules/calendar-sync/microsoft-auth';
import { createPkcePair } from '../../src/modules/calendar-sync/oauth-flow';
import { startEwsFake, type EwsFake } from '../support/ews-fake';
import { startGoogleFake, type GoogleFake } from '../support/google-fake';
import { startMicrosoftFake, type MicrosoftFake } from '../support/microsoft-fake';
import { startRadicale, type RadicaleServer } from '../support/radicale';
import { vcalendar, vevent } from './ics-fixtures';

export interface Span {
  start: Date;
  end: Date;
}

/**
 * One calendar provider as the contract suite sees it: a test double started, one account in it, and the
 * adapter of that account made by the production registry (CalendarProviders.adapterFor), as the sync
 * engine and the write-back get it. Events are put and removed the way the lawyer's other tools would.
 */
export interface ProviderHarness {
  name: string;
  /**
   * What a sync returns once something changed: only the changed events ('changes': Google, Graph,
   * CalDAV sync-collection) or the whole window again ('whole-window': EWS, whose SyncFolderItems only says
   * that something changed).
   */
  deltas: 'changes' | 'whole-window';
  /** Starts the double and creates the account with one calendar. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The calendar the suite works in: its id and name as listCalendars gives them. */
  calendar(): { externalId: string; displayName: string };
  /**
   * Every calendar of the account, in the order listCalendars gives them; `primary` marks the account's main
   * calendar where the provider has that notion (CalDAV has none).
   */
  calendars(): Array<{ externalId: string; displayName: string; primary?: boolean }>;
  /** A new adapter of the account, through the production factory. */
  adapter(): CalendarProviderPort;
  /** Puts a busy event (UTC instants) as another client would; returns its key as a sync names it. */
  putEvent(name: string, start: string, end: string): Promise<string>;
  removeEvent(key: string): Promise<void>;
  /** The copies of an event we wrote (by its UID) that the provider holds, with their times. */
  written(uid: string): Promise<Span[]>;
  /** Makes the provider forget `cursor`; returns the cursor to present (what a later sync would hold). */
  staleCursor(cursor: SyncCursor): SyncCursor;
  /** The password changed or the grant was revoked at the provider. */
  breakCredentials(): Promise<void>;
}

const CALLBACK = 'http://127.0.0.1/api/v1/calendar-oauth/callback';
const OAUTH_CLIENT = { id: '6731de76-14a6-49ae-97bc-6eba6914391e', secret: 'test-secret' };

function registry(env: Partial<Record<keyof Env, string>>): CalendarProviders {
  return new CalendarProviders(
    loadEnv({ ...process.env, CALDAV_ALLOW_PRIVATE: 'true', ...env }),
    new DnsHostResolver(),
  );
}

export function radicaleHarness(): ProviderHarness {
  const user = 'maitre';
  let radicale: RadicaleServer;
  let calendarUrl: string;
  let account: ProviderAccount;
  const providers = registry({});
  return {
    name: 'CalDAV (Radicale)',
    deltas: 'changes',
    async start() {
      radicale = await startRadicale({ [user]: 'mot-de-passe-app' });
      calendarUrl = await radicale.makeCalendar(user, 'cabinet', 'Agenda du cabinet');
      account = {
        provider: 'caldav',
        serverUrl: radicale.url,
        credentials: { kind: 'password', username: user, password: 'mot-de-passe-app' },
      };
    },
    stop: async () => radicale?.stop(),
    calendar: () => ({ externalId: calendarUrl, displayName: 'Agenda du cabinet' }),
    calendars() {
      return [this.calendar()];
    },
    adapter: () => providers.adapterFor(account),
    async putEvent(name, start, end) {
      const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
      const ics = vcalendar(vevent(name, [`DTSTART:${utc(start)}`, `DTEND:${utc(end)}`]));
      return radicale.putObject(user, calendarUrl, `${name}.ics`, ics);
    },
    removeEvent: (key) => radicale.deleteObject(user, key),
    async written(uid) {
      const out: Span[] = [];
      for (const name of await radicale.listObjects(user, calendarUrl)) {
        const { body } = await radicale.getObject(user, new URL(encodeURIComponent(name), calendarUrl).href);
        if (!body.includes(`UID:${uid}`)) continue;
        const at = (property: string) => {
          const [, d] = new RegExp(`${property}:(\\d{8}T\\d{6}Z)`).exec(body) ?? [];
          return new Date(d.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
        };
        out.push({ start: at('DTSTART'), end: at('DTEND') });
      }
      return out;
    },
    // Radicale cannot be told to forget a sync-token: one it never handed out plays the part.
    staleCursor: () => ({ token: 'http://radicale.org/ns/sync/unknown', ctag: 'old' }),
    breakCredentials: async () => radicale.setPassword(user, 'changed'),
  };
}

export function ewsHarness(): ProviderHarness {
  const username = 'CABINET\\camille';
  let exchange: EwsFake;
  let account: ProviderAccount;
  const providers = registry({});
  return {
    name: 'Exchange (EWS fake)',
    deltas: 'whole-window',
    async start() {
      exchange = await startEwsFake({ username, password: 'mot-de-passe', auth: 'basic' });
      account = {
        provider: 'exchange',
        serverUrl: exchange.url,
        credentials: { kind: 'password', username, password: 'mot-de-passe', authMethod: 'basic' },
      };
    },
    stop: async () => exchange?.stop(),
    calendar: () => ({ externalId: exchange.folderId, displayName: 'Calendrier' }),
    calendars() {
      return [{ ...this.calendar(), primary: true }];
    },
    adapter: () => providers.adapterFor(account),
    putEvent: async (name, start, end) =>
      exchange.putItem({ subject: name, start, end, freeBusy: 'Busy' }).id,
    removeEvent: async (key) => exchange.removeItem(key),
    written: async (uid) =>
      exchange
        .items()
        .filter((item) => item.uid === uid)
        .map((item) => ({ start: new Date(item.start), end: new Date(item.end) })),
    staleCursor: (cursor) => {
      exchange.forgetSyncStates();
      return cursor;
    },
    breakCredentials: async () => exchange.setPassword('changed'),
  };
}

export function googleHarness(): ProviderHarness {
  const calendarId = 'camille.martin@gmail.com';
  let google: GoogleFake;
  let providers: CalendarProviders;
  let account: ProviderAccount;
  return {
    name: 'Google (fake)',
    deltas: 'changes',
    async start() {
      google = await startGoogleFake({
        account: calendarId,
        calendars: [{ id: calendarId, summary: 'Camille Martin', backgroundColor: '#039be5' }],
      });
      providers = registry({
        GOOGLE_CALENDAR_CLIENT_ID: OAUTH_CLIENT.id,
        GOOGLE_CALENDAR_CLIENT_SECRET: OAUTH_CLIENT.secret,
        GOOGLE_CALENDAR_REDIRECT_URI: CALLBACK,
        GOOGLE_CALENDAR_AUTH_URL: google.endpoints.authBaseUrl,
        GOOGLE_CALENDAR_TOKEN_URL: google.endpoints.tokenUrl,
        GOOGLE_CALENDAR_API_URL: google.endpoints.apiRootUrl,
      });
      // The lawyer's consent, played by the fake; the code redeemed as the OAuth callback does.
      const settings = providers.oauthSettings('google')!;
      const pkce = createPkcePair();
      const back = new URL(
        google.consent(googleAuthorizationUrl(settings, providers.googleEndpoints, 'state', pkce.challenge)),
      );
      const tokens = await redeemGoogleCode(
        settings,
        providers.googleEndpoints,
        back.searchParams.get('code')!,
        pkce.verifier,
      );
      account = { provider: 'google', serverUrl: null, credentials: tokens };
    },
    stop: async () => google?.stop(),
    calendar: () => ({ externalId: calendarId, displayName: 'Camille Martin' }),
    calendars() {
      return [{ ...this.calendar(), primary: true }];
    },
    adapter: () => providers.adapterFor(account),
    async putEvent(name, start, end) {
      google.putEvent(calendarId, {
        id: name,
        iCalUID: `${name}@google.com`,
        start: { dateTime: start },
        end: { dateTime: end },
      });
      return name;
    },
    removeEvent: async (key) => google.removeEvent(calendarId, key),
    written: async (uid) =>
      google
        .events(calendarId)
        .filter((e) => e.iCalUID === uid && e.status !== 'cancelled')
        .map((e) => ({ start: new Date(e.start.dateTime!), end: new Date(e.end.dateTime!) })),
    staleCursor: (cursor) => {
      google.expireSyncTokens();
      return cursor;
    },
    breakCredentials: async () => google.revoke(),
  };
}

export function microsoftHarness(): ProviderHarness {
  const calendarId = 'AAMkADcal-principal';
  // MSAL refuses an http authority: the fake speaks https with a certificate made here, trusted below.
  const certDir = mkdtempSync(path.join(tmpdir(), 'ms-contract-'));
  let microsoft: MicrosoftFake;
  let providers: CalendarProviders;
  let account: ProviderAccount;
  const graphTime = (iso: string) => ({
    dateTime: new Date(iso).toISOString().replace(/\.\d+Z$/, '.0000000'),
    timeZone: 'UTC',
  });
  return {
    name: 'Office 365 (Microsoft Graph fake)',
    deltas: 'changes',
    async start() {
      microsoft = await startMicrosoftFake({
        account: 'camille.martin@cabinet-martin.fr',
        calendars: [
          { id: calendarId, name: 'Calendrier', hexColor: '#0078d4' },
          { id: 'AAMkADcal-feries', name: 'Jours fériés en France', hexColor: '' },
        ],
        clientId: OAUTH_CLIENT.id,
        clientSecret: OAUTH_CLIENT.secret,
        certDir,
      });
      tls.setDefaultCACertificates([...tls.getCACertificates('default'), microsoft.certPem]);
      providers = registry({
        MICROSOFT_CALENDAR_CLIENT_ID: OAUTH_CLIENT.id,
        MICROSOFT_CALENDAR_CLIENT_SECRET: OAUTH_CLIENT.secret,
        MICROSOFT_CALENDAR_REDIRECT_URI: CALLBACK,
        MICROSOFT_CALENDAR_AUTHORITY_URL: microsoft.endpoints.authorityUrl,
        MICROSOFT_GRAPH_URL: microsoft.endpoints.graphUrl,
      });
      const settings = providers.oauthSettings('office365')!;
      const pkce = createPkcePair();
      const consentUrl = await microsoftAuthorizationUrl(
        settings,
        providers.microsoftEndpoints,
        'office365',
        'state',
        pkce.challenge,
      );
      const back = new URL(microsoft.consent(consentUrl));
      const grant = await redeemMicrosoftCode(
        settings,
        providers.microsoftEndpoints,
        'office365',
        back.searchParams.get('code')!,
        pkce.verifier,
      );
      // The connection's row, in memory: MSAL's cache read before and saved after every token use.
      let cache = grant.cache;
      const msalCache: MsalCacheStore = {
        load: async () => cache,
        save: async (next) => {
          cache = next;
        },
        locked: (work) => work(),
      };
      account = {
        provider: 'office365',
        serverUrl: null,
        credentials: { kind: 'msal', homeAccountId: grant.homeAccountId, cache: grant.cache },
        msalCache,
      };
    },
    async stop() {
      await microsoft?.stop();
      rmSync(certDir, { recursive: true, force: true });
    },
    calendar: () => ({ externalId: calendarId, displayName: 'Calendrier' }),
    calendars() {
      return [
        { ...this.calendar(), primary: true },
        { externalId: 'AAMkADcal-feries', displayName: 'Jours fériés en France', primary: false },
      ];
    },
    adapter: () => providers.adapterFor(account),
    async putEvent(name, start, end) {
      microsoft.putEvent(calendarId, {
        id: name,
        subject: name,
        start: graphTime(start),
        end: graphTime(end),
      });
      return name;
    },
    removeEvent: async (key) => microsoft.removeEvent(calendarId, key),
    written: async (uid) =>
      microsoft
        .events(calendarId)
        .filter((e) => e.transactionId === uid)
        .map((e) => ({ start: new Date(`${e.start.dateTime}Z`), end: new Date(`${e.end.dateTime}Z`) })),
    staleCursor: (cursor) => {
      microsoft.expireDeltaTokens();
      return cursor;
    },
    async breakCredentials() {
      microsoft.revoke();
      microsoft.invalidateAccessTokens();
    },
  };
}

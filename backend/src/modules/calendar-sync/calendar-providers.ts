import { Inject, Injectable } from '@nestjs/common';
import {
  decisionFrom,
  HostResolver,
  OUTBOUND_REFUSAL_DETAILS,
  type OutboundDecision,
} from '../../common/outbound-address';
import { decidedLookup, outboundFetch } from '../../common/outbound-http';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { CalendarCredentials, CalendarProviderPort, ProviderAccount } from './calendar-provider.port';
import { CalDavAdapter, ICLOUD_CALDAV_URL } from './caldav.adapter';
import { ServerAddressForbiddenError } from './calendar-sync.errors';
import { GOOGLE_ENDPOINTS, GoogleCalendarAdapter, type GoogleEndpoints } from './google.adapter';
import { GraphCalendarAdapter } from './graph.adapter';
import { GraphClient } from './graph-client';
import { GoogleWatchChannels, googleWatchPush } from './google-watch';
import { GraphClientStates, graphSubscriptionPush } from './graph-subscriptions';
import {
  MsalTokenSource,
  type AccessTokenSource,
  type MicrosoftEndpoints,
  type MicrosoftProvider,
} from './microsoft-auth';
import { oauthClientSettings, type OAuthClientSettings, type OAuthCalendarProvider } from './oauth-flow';
import type { OAuthTokens, TokenKeeper } from './oauth-tokens';

/**
 * The registry of calendar providers: builds the adapter of an account (with its push capability when the
 * provider has one and this server can receive it). Tests override this provider (or its endpoints) to reach
 * loopback fakes.
 */
@Injectable()
export class CalendarProviders {
  /** Where Google's API and OAuth endpoints are (GOOGLE_CALENDAR_*_URL); tests point them at a loopback fake. */
  googleEndpoints: GoogleEndpoints;

  /** Where the Microsoft identity platform and Graph are (MICROSOFT_CALENDAR_AUTHORITY_URL, MICROSOFT_GRAPH_URL). */
  microsoftEndpoints: MicrosoftEndpoints;

  /** Signs and checks Google watch channels (the receiver learns the calendar from them). */
  readonly watchChannels: GoogleWatchChannels;
  /** Signs and checks Graph subscriptions' clientState. */
  readonly graphClientStates: GraphClientStates;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly resolver: HostResolver,
  ) {
    this.googleEndpoints = {
      authBaseUrl: env.GOOGLE_CALENDAR_AUTH_URL ?? GOOGLE_ENDPOINTS.authBaseUrl,
      tokenUrl: env.GOOGLE_CALENDAR_TOKEN_URL ?? GOOGLE_ENDPOINTS.tokenUrl,
      apiRootUrl: env.GOOGLE_CALENDAR_API_URL ?? GOOGLE_ENDPOINTS.apiRootUrl,
    };
    this.microsoftEndpoints = {
      authorityUrl: env.MICROSOFT_CALENDAR_AUTHORITY_URL,
      graphUrl: env.MICROSOFT_GRAPH_URL,
      consentUrl: env.MICROSOFT_CALENDAR_CONSENT_URL,
    };
    this.watchChannels = new GoogleWatchChannels(env.JWT_SECRET);
    this.graphClientStates = new GraphClientStates(env.JWT_SECRET);
  }

  /** Where Graph posts change notifications: beside the OAuth callback. Tests set it to their listening API. */
  microsoftWebhookOverride: string | null = null;

  microsoftWebhookUrl(): string | null {
    if (this.microsoftWebhookOverride) return this.microsoftWebhookOverride;
    const redirect = this.env.MICROSOFT_CALENDAR_REDIRECT_URI;
    return redirect ? new URL('/api/v1/calendar-sync/microsoft/notifications', redirect).toString() : null;
  }

  /** Where Google posts watch notifications: beside the OAuth callback. Tests set it to their listening API. */
  googleWebhookOverride: string | null = null;

  googleWebhookUrl(): string | null {
    if (this.googleWebhookOverride) return this.googleWebhookOverride;
    const redirect = this.env.GOOGLE_CALENDAR_REDIRECT_URI;
    return redirect ? new URL('/api/v1/calendar-sync/google/notifications', redirect).toString() : null;
  }

  /** The registered app of an OAuth provider, or null when this server has none (its button is hidden). */
  oauthSettings(provider: OAuthCalendarProvider): OAuthClientSettings | null {
    return oauthClientSettings(this.env, provider);
  }

  adapterFor(account: ProviderAccount): CalendarProviderPort {
    switch (account.provider) {
      case 'caldav':
      case 'apple': {
        const serverUrl = account.serverUrl ?? ICLOUD_CALDAV_URL;
        const transport = outboundFetch(this.serverDecision(serverUrl, 'CalDAV'), {
          timeoutMs: CALDAV_REQUEST_TIMEOUT_MS,
          maxRedirects: 3,
        });
        return new CalDavAdapter(serverUrl, passwordOf(account.credentials), transport);
      }
      case 'exchange': {
        if (!account.serverUrl) throw new Error('Exchange needs its EWS address');
        const { username, password } = passwordOf(account.credentials);
        const authMethod =
          account.credentials.kind === 'password' ? account.credentials.authMethod : undefined;
        // Loaded on first use: ews-javascript-api is ~800 modules (moment-timezone, xmldom...), ~25 MB of the
        // API's and the worker's memory, for the few offices on Exchange.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { EwsAdapter } = require('./ews.adapter') as typeof import('./ews.adapter');
        return new EwsAdapter(account.serverUrl, {
          username,
          password,
          authMethod: authMethod ?? 'basic',
          lookup: decidedLookup(this.serverDecision(account.serverUrl, 'Exchange'), account.serverUrl),
        });
      }
      case 'google': {
        const adapter = this.google(oauthOf(account.credentials), account.tokenKeeper ?? unsavedTokens);
        const address = this.googleWebhookUrl();
        if (address) adapter.push = googleWatchPush(adapter, this.watchChannels, address);
        return adapter;
      }
      case 'live':
      case 'office365': {
        const credentials = account.credentials;
        if (credentials.kind !== 'msal' || !account.msalCache)
          throw new Error('a Microsoft account needs its MSAL token cache');
        const adapter = this.graph(account.provider, credentials.homeAccountId, account.msalCache);
        const notificationUrl = this.microsoftWebhookUrl();
        if (notificationUrl)
          adapter.push = graphSubscriptionPush(adapter, this.graphClientStates, notificationUrl);
        return adapter;
      }
      default:
        throw new Error(`no calendar adapter for ${account.provider} yet`);
    }
  }

  /**
   * Where a CalDAV or Exchange flow may send requests: the outbound-address policy, from the address the
   * lawyer typed (a redirect or an href elsewhere must pass the production rule), refusals in their words.
   */
  serverDecision(serverUrl: string, serverKind: 'CalDAV' | 'Exchange'): OutboundDecision {
    return decisionFrom(
      serverUrl,
      {
        allowPrivate: this.env.CALDAV_ALLOW_PRIVATE,
        // The account name and password are typed apart; in the URL they would be stored in clear.
        refuseUrlCredentials: true,
        refuse: (reason) =>
          new ServerAddressForbiddenError(OUTBOUND_REFUSAL_DETAILS[reason], undefined, serverKind),
      },
      this.resolver,
    );
  }

  google(tokens: OAuthTokens, keeper: TokenKeeper): GoogleCalendarAdapter {
    const settings = this.oauthSettings('google');
    if (!settings) throw new Error('Google Calendar is not configured on this server');
    return new GoogleCalendarAdapter(settings, this.googleEndpoints, tokens, keeper);
  }

  /** Graph for a stored Microsoft connection: tokens from its MSAL cache, saved sealed after every refresh. */
  graph(
    provider: MicrosoftProvider,
    homeAccountId: string,
    cache: NonNullable<ProviderAccount['msalCache']>,
  ): GraphCalendarAdapter {
    const settings = this.oauthSettings(provider);
    if (!settings) throw new Error('Microsoft calendars are not configured on this server');
    return this.graphWith(
      new MsalTokenSource(settings, this.microsoftEndpoints, provider, homeAccountId, cache),
    );
  }

  /** Graph with a given token source (the OAuth callback's fresh token; tests). */
  graphWith(tokens: AccessTokenSource & { forget?(): void }): GraphCalendarAdapter {
    return new GraphCalendarAdapter(new GraphClient(this.microsoftEndpoints.graphUrl, tokens));
  }
}

/** Each CalDAV request (discovery, REPORT, PUT) is given up after this time. */
const CALDAV_REQUEST_TIMEOUT_MS = 20_000;

/** Only for an account not stored yet (the OAuth callback): its tokens are fresh, nothing to save. */
const unsavedTokens: TokenKeeper = { refreshed: (stale, refresh) => refresh(stale) };

function passwordOf(credentials: CalendarCredentials): { username: string; password: string } {
  if (credentials.kind !== 'password') throw new Error('CalDAV needs a user name and a password');
  return { username: credentials.username, password: credentials.password };
}

function oauthOf(credentials: CalendarCredentials): OAuthTokens {
  if (credentials.kind !== 'oauth') throw new Error('this provider needs OAuth tokens');
  return credentials;
}

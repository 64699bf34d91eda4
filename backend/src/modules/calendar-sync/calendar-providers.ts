import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { CalendarCredentials, CalendarProviderPort, ProviderAccount } from './calendar-provider.port';
import { CalDavAdapter, ICLOUD_CALDAV_URL } from './caldav.adapter';
import { GOOGLE_ENDPOINTS, GoogleCalendarAdapter, type GoogleEndpoints } from './google.adapter';
import { GraphCalendarAdapter, GraphClient } from './graph.adapter';
import {
  MsalTokenSource,
  type AccessTokenSource,
  type MicrosoftEndpoints,
  type MicrosoftProvider,
} from './microsoft-auth';
import { oauthClientSettings, type OAuthClientSettings, type OAuthCalendarProvider } from './oauth-flow';
import type { OAuthTokens, TokenKeeper } from './oauth-tokens';

/** Builds the adapter of an account. Tests override this provider (or its endpoints) to reach loopback fakes. */
@Injectable()
export class CalendarProviders {
  /** Where Google's API and OAuth endpoints are; tests point them at a loopback fake. */
  googleEndpoints: GoogleEndpoints = GOOGLE_ENDPOINTS;

  /** Where the Microsoft identity platform and Graph are (MICROSOFT_CALENDAR_AUTHORITY_URL, MICROSOFT_GRAPH_URL). */
  microsoftEndpoints: MicrosoftEndpoints;

  constructor(@Inject(ENV) private readonly env: Env) {
    this.microsoftEndpoints = {
      authorityUrl: env.MICROSOFT_CALENDAR_AUTHORITY_URL,
      graphUrl: env.MICROSOFT_GRAPH_URL,
    };
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
      case 'apple':
        return new CalDavAdapter(account.serverUrl ?? ICLOUD_CALDAV_URL, passwordOf(account.credentials));
      case 'exchange': {
        if (!account.serverUrl) throw new Error('Exchange needs its EWS address');
        const { username, password } = passwordOf(account.credentials);
        const authMethod =
          account.credentials.kind === 'password' ? account.credentials.authMethod : undefined;
        // Loaded on first use: ews-javascript-api is ~800 modules (moment-timezone, xmldom...), ~25 MB of the
        // API's and the worker's memory, for the few offices on Exchange.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { EwsAdapter } = require('./ews.adapter') as typeof import('./ews.adapter');
        return new EwsAdapter(account.serverUrl, { username, password, authMethod: authMethod ?? 'basic' });
      }
      case 'google':
        return this.google(oauthOf(account.credentials), account.tokenKeeper ?? unsavedTokens);
      case 'live':
      case 'office365': {
        const credentials = account.credentials;
        if (credentials.kind !== 'msal' || !account.msalCache)
          throw new Error('a Microsoft account needs its MSAL token cache');
        return this.graph(account.provider, credentials.homeAccountId, account.msalCache);
      }
      default:
        throw new Error(`no calendar adapter for ${account.provider} yet`);
    }
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

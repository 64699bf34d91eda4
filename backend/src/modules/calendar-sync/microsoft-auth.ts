import {
  ConfidentialClientApplication,
  type AuthenticationResult,
  type Configuration,
  type ICachePlugin,
  type TokenCacheContext,
} from '@azure/msal-node';
import { CalendarAuthError, CalendarProviderError, type MsalCacheStore } from './calendar-provider.port';
import type { OAuthClientSettings } from './oauth-flow';

/** The two Microsoft providers: Outlook.com ("live connect") and Office 365 / Microsoft 365. */
export type MicrosoftProvider = 'live' | 'office365';

/** Where Microsoft lives; the e2e stack and the tests point both at a loopback fake (over https). */
export interface MicrosoftEndpoints {
  /** the identity platform's host, e.g. https://login.microsoftonline.com */
  authorityUrl: string;
  /** Graph's root with its version, e.g. https://graph.microsoft.com/v1.0 */
  graphUrl: string;
  /** where the browser opens the consent page, when not on the authority's host (the demo's simulation) */
  consentUrl?: string;
}

export const MICROSOFT_LOGIN_URL = 'https://login.microsoftonline.com';

/**
 * Work and school accounts sign in through `common` (any Entra tenant, and it still accepts a personal
 * account if the user has one); Outlook.com accounts through `consumers`, which refuses work accounts.
 */
export const MICROSOFT_TENANTS: Record<MicrosoftProvider, string> = {
  office365: 'common',
  live: 'consumers',
};

/**
 * Read the calendars and their busy times, write the appointments. MSAL adds openid + profile; we add
 * offline_access ourselves so the intention is visible (it is what makes a refresh token come back).
 */
export const MICROSOFT_CALENDAR_SCOPES = [
  'offline_access',
  'https://graph.microsoft.com/Calendars.ReadWrite',
];
/** The scopes of the Graph token itself (acquireTokenSilent): offline_access is not a resource scope. */
const GRAPH_SCOPES = ['https://graph.microsoft.com/Calendars.ReadWrite'];

/**
 * The app of a provider. For an authority other than Microsoft's own (the loopback fake), MSAL is given the
 * authority's metadata and cloud discovery up front, so it never looks anything up online.
 */
export function microsoftApp(
  settings: OAuthClientSettings,
  endpoints: MicrosoftEndpoints,
  provider: MicrosoftProvider,
  cachePlugin?: ICachePlugin,
): ConfidentialClientApplication {
  const host = endpoints.authorityUrl.replace(/\/+$/, '');
  const tenant = MICROSOFT_TENANTS[provider];
  const auth: Configuration['auth'] = {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authority: `${host}/${tenant}`,
  };
  if (host !== MICROSOFT_LOGIN_URL) {
    const hostname = new URL(host).host;
    auth.knownAuthorities = [hostname];
    auth.authorityMetadata = JSON.stringify({
      token_endpoint: `${host}/${tenant}/oauth2/v2.0/token`,
      authorization_endpoint: `${(endpoints.consentUrl ?? host).replace(/\/+$/, '')}/${tenant}/oauth2/v2.0/authorize`,
      end_session_endpoint: `${host}/${tenant}/oauth2/v2.0/logout`,
      issuer: `${host}/${tenant}/v2.0`,
      jwks_uri: `${host}/${tenant}/discovery/v2.0/keys`,
    });
    auth.cloudDiscoveryMetadata = JSON.stringify({
      tenant_discovery_endpoint: `${host}/${tenant}/v2.0/.well-known/openid-configuration`,
      'api-version': '1.1',
      metadata: [{ preferred_network: hostname, preferred_cache: hostname, aliases: [hostname] }],
    });
  }
  return new ConfidentialClientApplication({
    auth,
    cache: cachePlugin ? { cachePlugin } : undefined,
    system: { loggerOptions: { piiLoggingEnabled: false, loggerCallback: () => undefined } },
  });
}

/** The consent page: authorization code + PKCE (S256), the signed state, the account picker. */
export function microsoftAuthorizationUrl(
  settings: OAuthClientSettings,
  endpoints: MicrosoftEndpoints,
  provider: MicrosoftProvider,
  state: string,
  codeChallenge: string,
): Promise<string> {
  return microsoftApp(settings, endpoints, provider).getAuthCodeUrl({
    scopes: MICROSOFT_CALENDAR_SCOPES,
    redirectUri: settings.redirectUri,
    state,
    codeChallenge,
    codeChallengeMethod: 'S256',
    prompt: 'select_account',
  });
}

/** What a freshly connected Microsoft account keeps (sealed): MSAL's whole cache and which account it is. */
export interface MicrosoftGrant {
  homeAccountId: string;
  /** the account's sign-in address, shown to the lawyer */
  username: string;
  cache: string;
  accessToken: string;
  expiresOn: Date | null;
}

/** Redeems the consent's code (with the PKCE verifier) into MSAL's cache, which now holds the refresh token. */
export async function redeemMicrosoftCode(
  settings: OAuthClientSettings,
  endpoints: MicrosoftEndpoints,
  provider: MicrosoftProvider,
  code: string,
  codeVerifier: string,
): Promise<MicrosoftGrant> {
  const app = microsoftApp(settings, endpoints, provider);
  let result: AuthenticationResult;
  try {
    result = await app.acquireTokenByCode({
      code,
      codeVerifier,
      scopes: MICROSOFT_CALENDAR_SCOPES,
      redirectUri: settings.redirectUri,
    });
  } catch (error) {
    throw asMicrosoftAuthError(error);
  }
  if (!result.account) throw new CalendarProviderError('Microsoft returned no account');
  return {
    homeAccountId: result.account.homeAccountId,
    username: result.account.username || result.account.name || 'Microsoft',
    cache: app.getTokenCache().serialize(),
    accessToken: result.accessToken,
    expiresOn: result.expiresOn,
  };
}

/** Hands Graph calls an access token; throws CalendarAuthError when the account must be reconnected. */
export interface AccessTokenSource {
  accessToken(): Promise<string>;
}

/**
 * The access tokens of one stored Microsoft connection. MSAL reads the cache through the plugin before every
 * access and writes it back after any change: a refresh (which may rotate the refresh token) is saved at
 * once, sealed. The acquisition runs under the connection's lock and re-reads the cache inside it, so a
 * worker that waited uses the tokens the other one just obtained instead of a rotated-out refresh token.
 */
export class MsalTokenSource implements AccessTokenSource {
  private readonly app: ConfidentialClientApplication;
  private current: { token: string; until: number } | null = null;
  private forceRefresh = false;

  constructor(
    settings: OAuthClientSettings,
    endpoints: MicrosoftEndpoints,
    provider: MicrosoftProvider,
    private readonly homeAccountId: string,
    private readonly store: MsalCacheStore,
    private readonly now: () => number = Date.now,
  ) {
    this.app = microsoftApp(settings, endpoints, provider, {
      beforeCacheAccess: async (context: TokenCacheContext) => {
        const stored = await store.load();
        if (stored) context.tokenCache.deserialize(stored);
      },
      afterCacheAccess: async (context: TokenCacheContext) => {
        if (context.cacheHasChanged) await store.save(context.tokenCache.serialize());
      },
    });
  }

  async accessToken(): Promise<string> {
    // A token MSAL handed out stays good for this adapter's life (a sync or a write-back, minutes at most).
    if (this.current && this.current.until > this.now() + 60_000) return this.current.token;
    const result = await this.store.locked(async () => {
      try {
        const account = await this.app.getTokenCache().getAccountByHomeId(this.homeAccountId);
        if (!account) throw new CalendarAuthError('the Microsoft account is no longer in its token cache');
        return await this.app.acquireTokenSilent({
          account,
          scopes: GRAPH_SCOPES,
          forceRefresh: this.forceRefresh,
        });
      } catch (error) {
        throw asMicrosoftAuthError(error);
      }
    });
    this.forceRefresh = false;
    this.current = {
      token: result.accessToken,
      until: result.expiresOn?.getTime() ?? this.now() + 300_000,
    };
    return result.accessToken;
  }

  /**
   * Graph answered 401 with the token in hand (revoked early): the next call redeems the refresh token for a
   * new one; if that is refused too, the grant is gone.
   */
  forget(): void {
    this.current = null;
    this.forceRefresh = true;
  }
}

/**
 * invalid_grant (revoked, password changed), AADSTS700082 (refresh token expired after 90 days unused),
 * interaction required and 401 mean the lawyer must reconnect; the rest (network, 5xx) may pass on a retry.
 */
export function asMicrosoftAuthError(error: unknown): Error {
  if (error instanceof CalendarAuthError || error instanceof CalendarProviderError) return error;
  const e = error as {
    errorCode?: string;
    errorMessage?: string;
    subError?: string;
    message?: string;
    name?: string;
  };
  const text = `${e.errorCode ?? ''} ${e.subError ?? ''} ${e.errorMessage ?? ''} ${e.message ?? ''}`;
  if (
    e.name === 'InteractionRequiredAuthError' ||
    /invalid_grant|interaction_required|consent_required|login_required|AADSTS700082|AADSTS50173|AADSTS70008|no_tokens_found/.test(
      text,
    )
  )
    return new CalendarAuthError(`Microsoft refused the credentials (${e.errorCode ?? 'invalid_grant'})`);
  return new CalendarProviderError(
    `Microsoft identity platform: ${e.errorMessage ?? e.message ?? 'request failed'}`,
  );
}

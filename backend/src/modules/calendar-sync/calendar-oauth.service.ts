import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectRedis } from '../../redis/redis.module';
import { CalendarAuthError } from './calendar-provider.port';
import { CalendarProviders } from './calendar-providers';
import { CalendarConnectionsService } from './calendar-connections.service';
import { CalendarEncryptionUnavailableError } from './credential-cipher';
import { googleAuthorizationUrl, redeemGoogleCode } from './google.adapter';
import { microsoftAuthorizationUrl, redeemMicrosoftCode } from './microsoft-auth';
import {
  createPkcePair,
  OAUTH_STATE_MESSAGES,
  OAUTH_STATE_TTL_SECONDS,
  OAuthStateSigner,
  type OAuthCalendarProvider,
} from './oauth-flow';

/** The providers' names in our URLs (`live` is the spec’s "live connect"). */
export const OAUTH_PROVIDER_SLUGS = {
  google: 'google',
  outlook: 'live',
  office365: 'office365',
} as const;
export type OAuthProviderSlug = keyof typeof OAUTH_PROVIDER_SLUGS;

const VERIFIER_KEY = (nonce: string) => `calendar-oauth:verifier:${nonce}`;
const FAILED = 'La connexion du calendrier a échoué. Veuillez réessayer.';

export class OAuthProviderNotConfiguredError extends DomainError {
  constructor() {
    super(
      'CALENDAR_PROVIDER_NOT_CONFIGURED',
      "Ce fournisseur de calendrier n'est pas disponible sur ce serveur.",
      400,
    );
  }
}

/** Where the browser goes back after the consent: the settings page and a French message. */
export interface OAuthReturn {
  ok: boolean;
  message: string;
  /** the account connected (the card asks, for it, what blocks and where appointments are written) */
  connectionId?: string;
}

/**
 * The OAuth connect flow of calendar providers. Start: a signed `state` bound to the lawyer's session
 * (user id + JWT id, 10 minutes), a PKCE verifier kept in Redis under the state's nonce (single use),
 * the provider's consent URL. Callback: state checked, session still signed in, verifier taken once,
 * code redeemed, the account connected through CalendarConnectionsService (tokens sealed, calendars listed).
 */
@Injectable()
export class CalendarOAuthService {
  private readonly logger = new Logger(CalendarOAuthService.name);
  private readonly signer: OAuthStateSigner;

  constructor(
    private readonly providers: CalendarProviders,
    private readonly calendarSync: CalendarConnectionsService,
    @InjectRedis() private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.signer = new OAuthStateSigner(env.JWT_SECRET);
  }

  /** The OAuth providers this server offers (their app is configured). */
  configuredProviders(): OAuthProviderSlug[] {
    return (Object.keys(OAUTH_PROVIDER_SLUGS) as OAuthProviderSlug[]).filter(
      (slug) =>
        this.supported(OAUTH_PROVIDER_SLUGS[slug]) &&
        this.providers.oauthSettings(OAUTH_PROVIDER_SLUGS[slug]),
    );
  }

  async start(
    slug: OAuthProviderSlug,
    session: { userId: string; sessionId: string; issuedAt: number },
  ): Promise<string> {
    const provider = OAUTH_PROVIDER_SLUGS[slug];
    const settings = this.providers.oauthSettings(provider);
    if (!settings || !this.supported(provider)) throw new OAuthProviderNotConfiguredError();
    if (!this.calendarSync.encryptionConfigured) throw new CalendarEncryptionUnavailableError();
    const state = this.signer.issue({ provider, userId: session.userId, sessionId: session.sessionId });
    const pkce = createPkcePair();
    await this.redis.set(
      VERIFIER_KEY(state.nonce),
      JSON.stringify({ verifier: pkce.verifier, issuedAt: session.issuedAt }),
      'EX',
      OAUTH_STATE_TTL_SECONDS,
    );
    if (provider !== 'google')
      return microsoftAuthorizationUrl(
        settings,
        this.providers.microsoftEndpoints,
        provider,
        state.token,
        pkce.challenge,
      );
    return googleAuthorizationUrl(settings, this.providers.googleEndpoints, state.token, pkce.challenge);
  }

  /** Never throws: every outcome is a French message on the settings page. */
  async callback(
    query: { code?: string; state?: string; error?: string },
    isSessionLive: (session: { userId: string; sessionId: string; issuedAt: number }) => Promise<boolean>,
  ): Promise<OAuthReturn> {
    if (!query.state) return { ok: false, message: OAUTH_STATE_MESSAGES.malformed };
    const claimed = this.signer.peek(query.state);
    if (!claimed) return { ok: false, message: OAUTH_STATE_MESSAGES.malformed };
    const checked = this.signer.verify(query.state, { userId: claimed.userId, sessionId: claimed.sessionId });
    if (!checked.ok) return { ok: false, message: OAUTH_STATE_MESSAGES[checked.reason] };
    const { state } = checked;
    // Single use: a replayed callback finds no verifier.
    const stored = await this.redis.getdel(VERIFIER_KEY(state.nonce));
    if (!stored) return { ok: false, message: OAUTH_STATE_MESSAGES.expired };
    const { verifier, issuedAt } = JSON.parse(stored) as { verifier: string; issuedAt: number };
    if (!(await isSessionLive({ userId: state.userId, sessionId: state.sessionId, issuedAt })))
      return { ok: false, message: OAUTH_STATE_MESSAGES['other-session'] };
    if (query.error) {
      return {
        ok: false,
        message:
          query.error === 'access_denied'
            ? "Vous avez refusé l'accès à votre calendrier : aucun compte n'a été connecté."
            : FAILED,
      };
    }
    if (!query.code) return { ok: false, message: OAUTH_STATE_MESSAGES.malformed };
    const settings = this.providers.oauthSettings(state.provider);
    if (!settings || !this.supported(state.provider)) return { ok: false, message: FAILED };
    try {
      if (state.provider !== 'google') {
        // Outlook.com / Office 365: MSAL's cache (refresh token inside) is what we keep, sealed.
        const grant = await redeemMicrosoftCode(
          settings,
          this.providers.microsoftEndpoints,
          state.provider,
          query.code,
          verifier,
        );
        const adapter = this.providers.graphWith({ accessToken: async () => grant.accessToken });
        const view = await this.calendarSync.connectOAuthAccount(
          state.userId,
          state.provider,
          { kind: 'msal', homeAccountId: grant.homeAccountId, cache: grant.cache },
          { accountLabel: async () => grant.username, listCalendars: () => adapter.listCalendars() },
        );
        return {
          ok: true,
          message: `Compte ${view.accountLabel} connecté. Choisissez les calendriers à synchroniser.`,
          connectionId: view.id,
        };
      }
      const tokens = await redeemGoogleCode(settings, this.providers.googleEndpoints, query.code, verifier);
      const adapter = this.providers.google(tokens, { refreshed: (stale, refresh) => refresh(stale) });
      const view = await this.calendarSync.connectOAuthAccount(state.userId, state.provider, tokens, adapter);
      return {
        ok: true,
        message: `Compte ${view.accountLabel} connecté. Choisissez les calendriers à synchroniser.`,
        connectionId: view.id,
      };
    } catch (error) {
      this.logger.warn(
        { provider: state.provider, userId: state.userId },
        `calendar OAuth callback failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (error instanceof DomainError) return { ok: false, message: error.message };
      if (error instanceof CalendarAuthError)
        return { ok: false, message: "Le fournisseur a refusé l'autorisation. Veuillez recommencer." };
      return { ok: false, message: FAILED };
    }
  }

  /** Google, Outlook.com and Office 365 (Microsoft Graph) are wired. */
  private supported(provider: OAuthCalendarProvider): boolean {
    return provider === 'google' || provider === 'live' || provider === 'office365';
  }
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../config/env.schema';

/** The calendar providers connected by OAuth (authorization code + PKCE, offline access). */
export const OAUTH_CALENDAR_PROVIDERS = ['google', 'live', 'office365'] as const;
export type OAuthCalendarProvider = (typeof OAUTH_CALENDAR_PROVIDERS)[number];

/** How long a lawyer has between "Connecter" and the provider's consent coming back. */
export const OAUTH_STATE_TTL_SECONDS = 600;

export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

type OAuthEnv = Pick<
  Env,
  | 'GOOGLE_CALENDAR_CLIENT_ID'
  | 'GOOGLE_CALENDAR_CLIENT_SECRET'
  | 'GOOGLE_CALENDAR_REDIRECT_URI'
  | 'MICROSOFT_CALENDAR_CLIENT_ID'
  | 'MICROSOFT_CALENDAR_CLIENT_SECRET'
  | 'MICROSOFT_CALENDAR_REDIRECT_URI'
>;

/**
 * The registered app of a provider, or null when it is not configured (its connect button is hidden).
 * Outlook.com and Office 365 share one Microsoft Entra app; only the tenant differs (consumers / common).
 */
export function oauthClientSettings(
  env: OAuthEnv,
  provider: OAuthCalendarProvider,
): OAuthClientSettings | null {
  const [clientId, clientSecret, redirectUri] =
    provider === 'google'
      ? [env.GOOGLE_CALENDAR_CLIENT_ID, env.GOOGLE_CALENDAR_CLIENT_SECRET, env.GOOGLE_CALENDAR_REDIRECT_URI]
      : [
          env.MICROSOFT_CALENDAR_CLIENT_ID,
          env.MICROSOFT_CALENDAR_CLIENT_SECRET,
          env.MICROSOFT_CALENDAR_REDIRECT_URI,
        ];
  return clientId && clientSecret && redirectUri ? { clientId, clientSecret, redirectUri } : null;
}

export function configuredOAuthProviders(env: OAuthEnv): OAuthCalendarProvider[] {
  return OAUTH_CALENDAR_PROVIDERS.filter((provider) => oauthClientSettings(env, provider) !== null);
}

/** PKCE (RFC 7636, S256): the verifier stays with us (sealed, keyed by the state's nonce), the challenge goes out. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What a signed state carries: whose session started the flow, for which provider, until when. */
export interface OAuthState {
  provider: OAuthCalendarProvider;
  userId: string;
  /** the id (jti) of the session that pressed "Connecter": another session's callback is refused */
  sessionId: string;
  /** random, also the key of the stored PKCE verifier (single use) */
  nonce: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

export type OAuthStateRejection = 'malformed' | 'bad-signature' | 'expired' | 'other-session';

/**
 * Signs and checks the OAuth `state`: base64url(JSON) + "." + HMAC-SHA256 under a key derived from
 * JWT_SECRET (a purpose label keeps it from ever validating as anything else). The state is not secret,
 * only unforgeable; the verifier never travels in it.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('calendar-oauth-state').digest();
  }

  issue(input: Omit<OAuthState, 'nonce' | 'exp'>): OAuthState & { token: string } {
    const state: OAuthState = {
      provider: input.provider,
      userId: input.userId,
      sessionId: input.sessionId,
      nonce: randomBytes(18).toString('base64url'),
      exp: Math.floor(this.now() / 1000) + OAUTH_STATE_TTL_SECONDS,
    };
    const body = Buffer.from(JSON.stringify(state)).toString('base64url');
    return { ...state, token: `${body}.${this.sign(body)}` };
  }

  /** The state when it is genuine, unexpired and started by this same session; otherwise why not. */
  verify(
    token: string,
    session: { userId: string; sessionId: string },
  ): { ok: true; state: OAuthState } | { ok: false; reason: OAuthStateRejection } {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: 'bad-signature' };
    let state: OAuthState;
    try {
      state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthState;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (
      typeof state?.exp !== 'number' ||
      typeof state.userId !== 'string' ||
      typeof state.sessionId !== 'string' ||
      typeof state.nonce !== 'string' ||
      !(OAUTH_CALENDAR_PROVIDERS as readonly string[]).includes(state.provider)
    )
      return { ok: false, reason: 'malformed' };
    if (state.exp * 1000 <= this.now()) return { ok: false, reason: 'expired' };
    if (state.userId !== session.userId || state.sessionId !== session.sessionId)
      return { ok: false, reason: 'other-session' };
    return { ok: true, state };
  }

  /** Who a state claims to be from, unchecked: only to look up that session before `verify`. */
  peek(token: string): { userId: string; sessionId: string } | null {
    try {
      const state = JSON.parse(
        Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'),
      ) as Partial<OAuthState> | null;
      return typeof state?.userId === 'string' && typeof state.sessionId === 'string'
        ? { userId: state.userId, sessionId: state.sessionId }
        : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** The French message shown on /user/setting after a refused callback. */
export const OAUTH_STATE_MESSAGES: Record<OAuthStateRejection, string> = {
  malformed:
    'La connexion du calendrier a échoué : la réponse du fournisseur est invalide. Veuillez réessayer.',
  'bad-signature':
    'La connexion du calendrier a échoué : la réponse du fournisseur est invalide. Veuillez réessayer.',
  expired: 'La connexion du calendrier a expiré (plus de 10 minutes). Veuillez recommencer.',
  'other-session':
    'La connexion du calendrier a été commencée depuis une autre session. Veuillez recommencer depuis cette page.',
};

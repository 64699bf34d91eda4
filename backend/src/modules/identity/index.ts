// Public surface of the identity module: other modules import from '../identity' only (eslint enforces it).
// Who is asking and may they: tokens, guards, sessions, mailed link tokens, passwords, throttling, clock.
export { ACCOUNT_KINDS, AccessTokens, AccountKind } from './access-tokens';
export { AuthRateLimiter } from './auth-rate-limiter';
export { Clock } from './clock';
export { EVENT_ACTIONS, EventActionTokens } from './event-action-tokens';
export { SignedClaims } from './signed-claims';
export type { EventAction } from './event-action-tokens';
export {
  AccountAuthenticator,
  accountGuard,
  AdminConsoleGuard,
  AdminGuard,
  AnyAccountGuard,
  AttendeeGuard,
  AuthenticatedAccount,
  CurrentAccount,
  UserGuard,
  bearerToken,
  currentSession,
  ownAccountGuard,
  requestToken,
  ownedResourceGuard,
} from './guards';
export { AdminResource, OwnAccount } from './admin-resource';
export { IdentityModule } from './identity.module';
export { LinkTokens } from './link-tokens.service';
export { hashPassword, verifyPassword } from './password-hasher';
export { Sessions } from './sessions.service';
export { AllowWithoutSecondFactor, SecondFactorPolicy } from './second-factor-policy';
export {
  assertSameOrigin,
  clearSessionCookie,
  setSessionCookie,
  wantsSessionCookie,
} from './session-cookies';

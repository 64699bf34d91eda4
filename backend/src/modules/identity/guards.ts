import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  mixin,
  Type,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import {
  AccessTokens,
  ACCOUNT_KINDS,
  AccountKind,
  AuthenticatedAccount,
  VerifiedAccessToken,
} from './access-tokens';
import { OwnedResource, OwnershipRepository } from './ownership.repository';
import { ALLOW_WITHOUT_SECOND_FACTOR, SecondFactorPolicy } from './second-factor-policy';
import { SessionRevocationsRepository } from './session-revocations.repository';
import { assertSameOrigin, cookieToken } from './session-cookies';

export type { AccountKind, AuthenticatedAccount } from './access-tokens';

type RequestWithAccount = FastifyRequest & { account?: AuthenticatedAccount; session?: VerifiedAccessToken };

/** `Authorization: Bearer <jwt>` -> the token, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * The access token a request carries for one of `kinds`: its Bearer token, otherwise the session cookie of
 * the area it names (`X-Rdv-Session`, see session-cookies.ts). `fromCookie` tells the caller to apply the
 * same-origin rule of cookie sessions.
 */
export function requestToken(
  request: FastifyRequest,
  kinds: readonly AccountKind[],
): { token: string; fromCookie: boolean } | undefined {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, fromCookie: false };
  const cookie = cookieToken(request, kinds);
  return cookie ? { token: cookie.token, fromCookie: true } : undefined;
}

/** The verified session a guard let through (its JWT id, issue time, second factor), if any. */
export function currentSession(request: FastifyRequest): VerifiedAccessToken | undefined {
  return (request as RequestWithAccount).session;
}

/**
 * Token check shared by every guard: a valid Bearer token (or a SPA's session cookie) of one of `kinds`,
 * neither logged out nor revoked by a password reset or a deactivation. Use it in a custom guard:
 *   this.authenticator = new AccountAuthenticator(env.JWT_SECRET, db);
 *   const account = await this.authenticator.authenticate(request, ACCOUNT_KINDS);
 */
export class AccountAuthenticator {
  private readonly tokens: AccessTokens;
  private readonly revocations: SessionRevocationsRepository;

  constructor(
    secret: string,
    db: Database,
    private readonly publicUrl = '',
  ) {
    this.tokens = new AccessTokens(secret);
    this.revocations = new SessionRevocationsRepository(db);
  }

  async authenticate(
    request: FastifyRequest,
    kinds: readonly AccountKind[],
  ): Promise<AuthenticatedAccount | undefined> {
    return (await this.verify(request, kinds))?.account;
  }

  /** Like `authenticate`, with the whole verified token. A cookie session from another origin is refused (403). */
  async verify(
    request: FastifyRequest,
    kinds: readonly AccountKind[],
  ): Promise<VerifiedAccessToken | undefined> {
    const found = requestToken(request, kinds);
    const verified = found ? this.tokens.verifyToken(found.token, kinds) : undefined;
    if (!verified || (await this.revocations.isRevoked(verified))) return undefined;
    if (found?.fromCookie) assertSameOrigin(request, this.publicUrl);
    return verified;
  }
}

/** What a guard answers to a valid, unrevoked token of a kind it does not admit. */
export type OtherKindsAnswer = 401 | 403;

interface GuardSpec {
  kinds: readonly AccountKind[];
  otherKinds: OtherKindsAnswer;
  /** Route parameter naming the account the route acts on; only that account (or an admin) passes. */
  ownerParam?: string;
  /** Route parameter naming a professional's resource; anyone but its owner (or an admin) gets its 404. */
  resource?: { kind: OwnedResource; param: string; notFound: () => Error };
}

type RequestWithParams = RequestWithAccount & { params?: Record<string, string | undefined> };

const guardCache = new Map<string, Type<CanActivate>>();

function buildGuard(spec: GuardSpec): Type<CanActivate> {
  const { kinds, otherKinds, ownerParam, resource } = spec;
  const key = `${[...kinds].sort().join('|')}:${otherKinds}:${ownerParam ?? ''}:${resource?.kind ?? ''}:${resource?.param ?? ''}`;
  const cached = guardCache.get(key);
  if (cached) return cached;
  // With 403, every kind is authenticated first, so a revoked or forged token still gets 401.
  const authenticated: readonly AccountKind[] = otherKinds === 403 ? ACCOUNT_KINDS : kinds;

  @Injectable()
  class AccountGuardMixin implements CanActivate {
    private readonly authenticator: AccountAuthenticator;
    private readonly ownership: OwnershipRepository;
    private readonly secondFactorPolicy: SecondFactorPolicy;

    constructor(
      @Inject(ENV) env: Env,
      @InjectDb() db: Database,
      private readonly reflector: Reflector,
    ) {
      this.authenticator = new AccountAuthenticator(env.JWT_SECRET, db, env.PUBLIC_URL);
      this.ownership = new OwnershipRepository(db);
      this.secondFactorPolicy = new SecondFactorPolicy(db, env.NODE_ENV === 'production');
    }

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<RequestWithParams>();
      const session = await this.authenticator.verify(request, authenticated);
      if (!session) throw new UnauthorizedError('UNAUTHORIZED', 'Authentification requise');
      const account = session.account;
      if (!kinds.includes(account.kind)) throw new ForbiddenError('FORBIDDEN', 'Accès non autorisé');
      if (
        account.kind === 'admin' &&
        !session.secondFactor &&
        !this.reflector.getAllAndOverride<boolean>(ALLOW_WITHOUT_SECOND_FACTOR, [
          context.getHandler(),
          context.getClass(),
        ]) &&
        (await this.secondFactorPolicy.adminRequired())
      )
        throw new ForbiddenError(
          'SECOND_FACTOR_REQUIRED',
          'La double authentification est obligatoire pour les administrateurs : activez-la dans « Mon compte » puis reconnectez-vous avec elle.',
        );
      // Ownership is decided here, before the body is even validated: a stranger learns nothing.
      const owner = ownerParam ? request.params?.[ownerParam] : undefined;
      if (owner !== undefined && account.kind !== 'admin' && owner !== account.id)
        throw new ForbiddenError('FORBIDDEN', 'Accès refusé');
      if (resource && account.kind !== 'admin') {
        // Someone else's resource is "not found", as a missing one: its id reveals nothing.
        const resourceOwner = await this.ownership.ownerOf(
          resource.kind,
          request.params?.[resource.param] ?? '',
        );
        if (resourceOwner !== account.id) throw resource.notFound();
      }
      request.account = account;
      request.session = session;
      return true;
    }
  }

  const guard = mixin(AccountGuardMixin);
  guardCache.set(key, guard);
  return guard;
}

/**
 * A guard class admitting a valid Bearer token of one of `kinds` (401 otherwise) and exposing
 * the account to `@CurrentAccount()`. Tokens logged out, or revoked by a password reset or a
 * deactivation, are refused (one indexed lookup). Depends only on the global ENV and database, so
 * any module can use it without importing AuthModule:
 *
 *   @UseGuards(accountGuard('user', 'admin'))
 *   update(@CurrentAccount() account: AuthenticatedAccount) { ... }
 */
export function accountGuard(...kinds: AccountKind[]): Type<CanActivate> {
  return buildGuard({ kinds, otherKinds: 401 });
}

/**
 * Routes acting on one account named in the path (`users/:id/...`, `attendees/:attendee_id/...`):
 * a token of `kind` passes only for its own id; administrators (when `admins`) pass for any id.
 * Others get 403 before any validation or lookup. On a route without `param` (class-level use),
 * only the kind is checked.
 *
 *   @OwnAccount('user', { admins: true })   // users/:id/motives (the guard and its bearer-auth doc in one)
 */
export function ownAccountGuard(
  kind: Exclude<AccountKind, 'admin'>,
  options: { param?: string; admins?: boolean; otherKinds?: OtherKindsAnswer } = {},
): Type<CanActivate> {
  return buildGuard({
    kinds: options.admins ? [kind, 'admin'] : [kind],
    otherKinds: options.otherKinds ?? 401,
    ownerParam: options.param ?? 'id',
  });
}

/**
 * Routes acting on a professional's resource known by its own id (`events/:id`,
 * `calendars/:calendarId`): only its owner (and administrators when `admins`) get past; anyone
 * else gets the resource's own 404, before the body is validated.
 */
export function ownedResourceGuard(
  kind: OwnedResource,
  options: { param?: string; admins?: boolean },
): Type<CanActivate> {
  const notFound =
    kind === 'appointment'
      ? () => new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable')
      : () => new NotFoundError('CALENDAR_NOT_FOUND', 'Calendrier introuvable');
  return buildGuard({
    kinds: options.admins ? ['user', 'admin'] : ['user'],
    otherKinds: 401,
    resource: { kind, param: options.param ?? 'id', notFound },
  });
}

/** Only administrators. */
export const AdminGuard = accountGuard('admin');
/** Only professionals. */
export const UserGuard = accountGuard('user');
/** Only attendees. */
export const AttendeeGuard = accountGuard('attendee');
/**
 * Only administrators, answering 403 (not 401) to a valid professional's or attendee's token, so
 * the admin console can tell "log in again" from "not allowed" (content, media and teams routes).
 */
export const AdminConsoleGuard = buildGuard({ kinds: ['admin'], otherKinds: 403 });
/** Any signed-in account. */
export const AnyAccountGuard = accountGuard('admin', 'user', 'attendee');

/**
 * The authenticated account set by one of the guards above: `{ kind, id }`.
 * Undefined on routes without a guard.
 */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedAccount | undefined => {
    return context.switchToHttp().getRequest<RequestWithAccount>().account;
  },
);

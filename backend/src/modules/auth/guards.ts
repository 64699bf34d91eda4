import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  mixin,
  Type,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { AccessTokens, AccountKind, AuthenticatedAccount } from './access-tokens';
import { SessionRevocationsRepository } from './session-revocations.repository';

export type { AccountKind, AuthenticatedAccount } from './access-tokens';

type RequestWithAccount = FastifyRequest & { account?: AuthenticatedAccount };

/** `Authorization: Bearer <jwt>` -> the token, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Token check shared by every guard: a valid Bearer token of one of `kinds`, not revoked by a
 * password reset or a deactivation. Use it in a custom guard (e.g. one answering 403 to other kinds):
 *   this.authenticator = new AccountAuthenticator(env.JWT_SECRET, db);
 *   const account = await this.authenticator.authenticate(request, ACCOUNT_KINDS);
 */
export class AccountAuthenticator {
  private readonly tokens: AccessTokens;
  private readonly revocations: SessionRevocationsRepository;

  constructor(secret: string, db: Database) {
    this.tokens = new AccessTokens(secret);
    this.revocations = new SessionRevocationsRepository(db);
  }

  async authenticate(
    request: FastifyRequest,
    kinds: readonly AccountKind[],
  ): Promise<AuthenticatedAccount | undefined> {
    const token = bearerToken(request);
    const verified = token ? this.tokens.verifyWithIssuedAt(token, kinds) : undefined;
    if (!verified || (await this.revocations.isRevoked(verified.account, verified.issuedAt)))
      return undefined;
    return verified.account;
  }
}

const guardCache = new Map<string, Type<CanActivate>>();

/**
 * A guard class admitting a valid Bearer token of one of `kinds` (401 otherwise) and exposing
 * the account to `@CurrentAccount()`. Tokens revoked by a password reset or a deactivation are
 * refused (one primary-key lookup). Depends only on the global ENV and database, so any module can
 * use it without importing AuthModule:
 *
 *   @UseGuards(accountGuard('user', 'admin'))
 *   update(@CurrentAccount() account: AuthenticatedAccount) { ... }
 */
export function accountGuard(...kinds: AccountKind[]): Type<CanActivate> {
  const key = [...kinds].sort().join('|');
  const cached = guardCache.get(key);
  if (cached) return cached;

  @Injectable()
  class AccountGuardMixin implements CanActivate {
    private readonly authenticator: AccountAuthenticator;

    constructor(@Inject(ENV) env: Env, @InjectDb() db: Database) {
      this.authenticator = new AccountAuthenticator(env.JWT_SECRET, db);
    }

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<RequestWithAccount>();
      const account = await this.authenticator.authenticate(request, kinds);
      if (!account) throw new UnauthorizedError('UNAUTHORIZED', 'Authentification requise');
      request.account = account;
      return true;
    }
  }

  const guard = mixin(AccountGuardMixin);
  guardCache.set(key, guard);
  return guard;
}

/** Only administrators. */
export const AdminGuard = accountGuard('admin');
/** Only professionals. */
export const UserGuard = accountGuard('user');
/** Only attendees. */
export const AttendeeGuard = accountGuard('attendee');
/** A professional or an administrator (e.g. a professional's own resources, which admins may also manage). */
export const UserOrAdminGuard = accountGuard('user', 'admin');
/** An attendee or an administrator. */
export const AttendeeOrAdminGuard = accountGuard('attendee', 'admin');
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

import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AccessTokens, ACCOUNT_KINDS, AuthenticatedAccount } from '../auth/access-tokens';
import { bearerToken } from '../auth/guards';

/**
 * Admin endpoints of the content module: 401 without a valid token, 403 with a valid token of
 * another kind (a professional's or an attendee's), so the admin console can tell "log in again"
 * from "not allowed". Same tokens as the auth module's AdminGuard (which answers 401 in both cases).
 */
@Injectable()
export class AdminOnlyGuard implements CanActivate {
  private readonly tokens: AccessTokens;

  constructor(@Inject(ENV) env: Env) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest & { account?: AuthenticatedAccount }>();
    const token = bearerToken(request);
    const account = token ? this.tokens.verify(token, ACCOUNT_KINDS) : undefined;
    if (!account) throw new UnauthorizedError('UNAUTHORIZED', 'Authentification requise');
    if (account.kind !== 'admin') throw new ForbiddenError('FORBIDDEN', 'Accès réservé aux administrateurs');
    request.account = account;
    return true;
  }
}

import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { type Database, InjectDb } from '../../database';
import type { AuthenticatedAccount } from '../identity';
import { AuditService } from './audit.service';
import { DomainError } from '../../common/domain-error';

export const AUDITED_WRITE = 'audited-write';

/**
 * How an audited console write is described. `before` reads the record as it was (usually the controller's own
 * GET handler); it runs before the write. `action` defaults to the HTTP method's verb (create / update / delete)
 * or, for `POST :id/<verb>`, that verb.
 */
export interface AuditedWriteSpec<C = never> {
  resource: string;
  action?: string;
  before?: (controller: C, params: Record<string, string>, account: AuthenticatedAccount) => Promise<unknown>;
  /** false: the answer is not kept as the "after" (it holds a secret, e.g. a private feed URL). */
  keepAnswer?: boolean;
}

/** Only administrators' writes are audited: on a route shared with professionals or clients, theirs are not. */
const isAdmin = (account: AuthenticatedAccount | undefined): account is AuthenticatedAccount =>
  account?.kind === 'admin';

type AccountRequest = FastifyRequest & { account?: AuthenticatedAccount };

const VERB_OF_METHOD: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** `POST /admin/users/:id/resend-invitation` -> 'resend-invitation'; otherwise the method's verb. */
export function auditAction(method: string, routeUrl: string | undefined): string {
  const tail = routeUrl?.match(/\/:[A-Za-z_]+\/([a-z][a-z-]*)$/)?.[1];
  if (method === 'POST' && tail) return tail;
  return VERB_OF_METHOD[method] ?? method.toLowerCase();
}

/**
 * The audit trail of administrators' writes declared with `@AuditedWrite`: the console's older resources (users,
 * offices, posts, redirects, images, mail templates) and the routes administrators share with professionals and
 * clients (`POST /users`, `PUT /users/{id}`, `PUT /attendees/{id}`, holidays, feed regeneration), where only an
 * administrator's write is recorded.
 */
@Injectable()
export class AdminAuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AdminAuditInterceptor.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    private readonly audit: AuditService,
    @InjectDb() private readonly db: Database,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditedWriteSpec<unknown> | undefined>(
      AUDITED_WRITE,
      context.getHandler(),
    );
    const request = context.switchToHttp().getRequest<AccountRequest>();
    const account = request.account;
    if (!spec || !isAdmin(account)) return next.handle();
    return from(this.run(spec, context, request, account, next));
  }

  private async run(
    spec: AuditedWriteSpec<unknown>,
    context: ExecutionContext,
    request: AccountRequest,
    account: AuthenticatedAccount,
    next: CallHandler,
  ): Promise<unknown> {
    const params = (request.params ?? {}) as Record<string, string>;
    let before: unknown;
    if (spec.before) {
      const controller = this.moduleRef.get(context.getClass(), { strict: false });
      // The record as it was. A refusal here (an id that is malformed or unknown) is left to the route: its pipes
      // answer a malformed id with their 400 and the handler a missing record with its 404, nothing written.
      try {
        before = await spec.before(controller, params, account);
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error;
      }
    }
    const after: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
    const action = spec.action ?? auditAction(request.method, request.routeOptions?.url);
    // the API's older answers name their id `_id` (docs/product.md §3)
    const answer = after as { id?: string | number; _id?: string } | undefined;
    const resourceId = params.id ?? params.key ?? answer?.id ?? answer?._id ?? null;
    try {
      // After the write committed: a failure here must not turn a done change into an error for the admin.
      await this.audit.record(this.db, {
        adminId: account.id,
        action,
        resource: spec.resource,
        resourceId,
        before,
        after: action === 'delete' || spec.keepAnswer === false ? null : after,
      });
    } catch (error) {
      this.logger.error({ err: error, resource: spec.resource, resourceId }, 'audit record failed');
    }
    return after;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The safety net under `@AuditedWrite` (global): an administrator's successful write through any route outside
 * `/admin` that declares no audit of its own is still recorded, as who / what (the route) / when, without the
 * bodies (a route not reviewed for the trail may answer secrets). The console's own routes record themselves.
 */
@Injectable()
export class AdminWriteTrailInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AdminWriteTrailInterceptor.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    @InjectDb() private readonly db: Database,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AccountRequest>();
    const route = request.routeOptions?.url;
    const declared = this.reflector.get<unknown>(AUDITED_WRITE, context.getHandler());
    if (
      !isAdmin(request.account) ||
      !WRITE_METHODS.has(request.method) ||
      declared ||
      !route ||
      route.startsWith('/api/v1/admin/')
    )
      return next.handle();
    const account = request.account;
    return from(
      (async () => {
        const answer: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const params = (request.params ?? {}) as Record<string, string>;
        try {
          await this.audit.record(this.db, {
            adminId: account.id,
            action: auditAction(request.method, route),
            resource: route.replace(/^\/api\/v1\//, ''),
            resourceId: params.id ?? null,
          });
        } catch (error) {
          this.logger.error({ err: error, route }, 'audit record failed');
        }
        return answer;
      })(),
    );
  }
}

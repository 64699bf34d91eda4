import { createHash } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DomainError, TooManyRequestsError, TransientConflictError } from '../../common/domain-error';
import { knownErrorBody } from '../../common/http-exception.filter';
import { type Database, InjectDb } from '../../database';
import { ambientTransaction } from '../../database/ambient-transaction';
import { runPipelined } from '../../database/pipelined-transaction';
import type { AuthenticatedAccount } from '../identity';
import { IdempotencyRepository, type StoredIdempotentResponse } from './idempotency.repository';
import { AlreadyAnswered, type HttpOutcome, IdempotentUnit } from './idempotent-unit';

type AccountRequest = FastifyRequest & { account?: AuthenticatedAccount };

/** Metadata key naming the operation whose answers an Idempotency-Key replays (see `@Idempotent`). */
export const IDEMPOTENT_OPERATION = 'idempotent-operation';
/** Metadata key: the handler looks the key up with its first read (`@Idempotent(op, { lookupInHandler })`). */
export const IDEMPOTENT_LOOKUP_IN_HANDLER = 'idempotent-lookup-in-handler';

const KEY_FORMAT = /^[A-Za-z0-9._:-]{8,128}$/;

export const invalidIdempotencyKey = () =>
  new DomainError(
    'INVALID_IDEMPOTENCY_KEY',
    'L’en-tête Idempotency-Key doit contenir 8 à 128 caractères (lettres, chiffres, . _ : -)',
    400,
  );
export const idempotencyKeyReused = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    'Cette clé d’idempotence a déjà servi pour une autre demande',
    422,
  );

/** JSON with sorted keys, so the same request hashes the same whatever the order of its fields. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * An error worth replaying: one the API explains (4xx) and that says something about the request. Overload
 * (5xx, 429, a busy agenda) is not recorded: the same request may succeed a moment later.
 */
function recordableError(error: unknown): HttpOutcome | undefined {
  if (error instanceof TooManyRequestsError || error instanceof TransientConflictError) return undefined;
  const body = knownErrorBody(error);
  if (!body || body.statusCode >= 500) return undefined;
  return { status: body.statusCode, body };
}

/**
 * HTTP idempotency for the operations marked `@Idempotent(...)`: a request carrying `Idempotency-Key` is
 * answered once; the same key with the same request (account, route parameters and body) replays the first
 * answer, status and body, errors included; the same key with another request gets 422. Without the header the
 * handler runs as usual. The answer is recorded in the transaction of the handler's writes (`IdempotentUnit`).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly repository: IdempotencyRepository,
    @InjectDb() private readonly db: Database,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const operation = this.reflector.get<string | undefined>(IDEMPOTENT_OPERATION, context.getHandler());
    const http = context.switchToHttp();
    const request = http.getRequest<AccountRequest>();
    const key = request.headers['idempotency-key'];
    if (!operation || key === undefined) return next.handle();
    const lookupInHandler =
      this.reflector.get<boolean | undefined>(IDEMPOTENT_LOOKUP_IN_HANDLER, context.getHandler()) === true;
    return from(
      this.answer(operation, key, request, http.getResponse<FastifyReply>(), next, lookupInHandler),
    );
  }

  private async answer(
    operation: string,
    key: string | string[],
    request: AccountRequest,
    reply: FastifyReply,
    next: CallHandler,
    lookupInHandler: boolean,
  ): Promise<unknown> {
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw invalidIdempotencyKey();
    // Keys are per account and operation: two clients choosing the same key never see each other's answer.
    const account = request.account;
    const scope = `${account?.kind ?? 'anonymous'}:${account?.id ?? '-'}:${operation}`;
    const requestHash = createHash('sha256')
      .update(canonicalJson({ params: request.params, body: request.body }))
      .digest('hex');
    const replay = (stored: StoredIdempotentResponse): unknown => {
      if (stored.requestHash !== requestHash) throw idempotencyKeyReused();
      reply.status(stored.responseStatus);
      return stored.responseBody;
    };

    // A key seen before: replay without running the handler (its effect, e.g. a booked slot, is already there).
    // A handler that looks it up with its own first read replays it from there (`AlreadyAnswered` below).
    if (!lookupInHandler) {
      const seen = await this.repository.find(scope, key);
      if (seen) return replay(seen);
    }

    const unit = new IdempotentUnit(this.db, this.repository, scope, key, requestHash, lookupInHandler);
    let body: unknown;
    try {
      body = await ambientTransaction.run(unit, () =>
        lastValueFrom(next.handle(), { defaultValue: undefined }),
      );
    } catch (error) {
      if (error instanceof AlreadyAnswered) return replay(error.stored);
      await unit.abandon();
      const outcome = recordableError(error);
      if (!outcome) throw error;
      const stored = await this.recordAlone(scope, key, requestHash, outcome);
      if (stored) return replay(stored);
      throw error; // the global filter answers it: the same body as recorded
    }
    const outcome = { status: reply.statusCode, body };
    if (unit.opened) await unit.commit(outcome);
    else {
      // The handler wrote nothing through a transaction: record its answer on its own.
      const stored = await this.recordAlone(scope, key, requestHash, outcome);
      if (stored) return replay(stored);
    }
    return body;
  }

  /** Claims the key and records `outcome` in a transaction of their own; a concurrent first answer wins. */
  private recordAlone(
    scope: string,
    key: string,
    requestHash: string,
    outcome: HttpOutcome,
  ): Promise<StoredIdempotentResponse | undefined> {
    return runPipelined(this.db, async ({ tx, sendNextWithCommit }) => {
      const stored = await this.repository.claim(tx, scope, key, requestHash);
      if (stored) return stored;
      sendNextWithCommit();
      await this.repository.store(tx, scope, key, outcome.status, outcome.body);
      return undefined;
    });
  }
}

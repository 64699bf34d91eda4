import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SQLSTATE, sqlStateOf } from './database-errors';
import { DomainError, InvalidFieldsError, TooManyRequestsError } from './domain-error';
import { requestIdOf } from './request-id';
import { reportError } from '../observability/error-tracking';

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  /** Per-field French messages (InvalidFieldsError). */
  errors?: Record<string, string>;
  requestId?: string;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const JSON_BODY_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** French for the client errors Fastify raises itself (its messages are English). */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le corps de la requête n’est pas un JSON valide',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge : envoyez du JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longueur annoncée du corps de la requête est fausse',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête est trop volumineuse',
};

const OVERLOADED_MESSAGE = 'Le service est momentanément surchargé, veuillez réessayer dans un instant';

/**
 * Database errors caused by the request's values rather than by the code: answered 400 (the statement failed,
 * its transaction rolled back) as a safety net behind validation. Class 22 is "data exception" (out-of-range
 * numbers and dates, NUL bytes, bad encodings); 23502 a required value sent as null. Lock and statement
 * timeouts mean an overloaded database: 503, so clients retry, instead of an opaque 500.
 */
function databaseErrorBody(exception: unknown): ErrorBody | undefined {
  const state = sqlStateOf(exception);
  if (state?.startsWith('22'))
    return {
      statusCode: 400,
      code: 'INVALID_VALUE',
      message: 'Une valeur de la requête est invalide ou hors limites',
    };
  if (state === '23502')
    return { statusCode: 400, code: 'MISSING_VALUE', message: 'Un champ obligatoire est vide' };
  if (state === SQLSTATE.lockNotAvailable || state === SQLSTATE.queryCanceled)
    return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: OVERLOADED_MESSAGE };
  // node-postgres: no pool connection became free within connectionTimeoutMillis.
  if (exception instanceof Error && exception.message === 'timeout exceeded when trying to connect')
    return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: OVERLOADED_MESSAGE };
  return undefined;
}

function codeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0] ?? exception.message);
  if (typeof message === 'string') return message;
  return exception.message;
}

/** Errors thrown by Fastify itself (bad JSON, body too large, wrong content type) carry a 4xx statusCode. */
function isFastifyClientError(error: unknown): error is Error & { statusCode: number; code?: string } {
  if (!(error instanceof Error)) return false;
  const statusCode = (error as Error & { statusCode?: unknown }).statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/**
 * The body the API answers for an error it can explain (domain errors, client errors of Nest and Fastify,
 * database errors caused by the request's values or by overload), or undefined for an unexpected error (a 500).
 * The Idempotency-Key interceptor records these bodies, so a replay answers exactly what the filter answered.
 */
export function knownErrorBody(exception: unknown): ErrorBody | undefined {
  if (exception instanceof InvalidFieldsError) {
    return {
      statusCode: exception.status,
      code: exception.code,
      message: exception.message,
      errors: exception.fields,
    };
  }
  if (exception instanceof DomainError) {
    return { statusCode: exception.status, code: exception.code, message: exception.message };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status < 500) {
      // Nest wraps Fastify's body-parser errors; keep a precise code for malformed JSON.
      const cause = (exception as { cause?: { code?: unknown } }).cause;
      const causeCode = typeof cause?.code === 'string' ? cause.code : undefined;
      const code = causeCode && JSON_BODY_ERRORS.has(causeCode) ? 'INVALID_JSON' : codeForStatus(status);
      const message = (causeCode && FASTIFY_MESSAGES[causeCode]) ?? httpExceptionMessage(exception);
      return { statusCode: status, code, message };
    }
  }
  if (isFastifyClientError(exception)) {
    const status = exception.statusCode;
    const code =
      exception.code && JSON_BODY_ERRORS.has(exception.code) ? 'INVALID_JSON' : codeForStatus(status);
    const message = (exception.code && FASTIFY_MESSAGES[exception.code]) ?? exception.message;
    return { statusCode: status, code, message };
  }
  return databaseErrorBody(exception);
}

/** The one error shape of the API: `{ statusCode, code, message }`. Unknown errors never leak a stack. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const body = this.toBody(exception, request);
    if (body.statusCode >= 500) {
      this.logger.error(
        { err: exception, requestId: body.requestId, method: request?.method, url: request?.url },
        exception instanceof Error ? exception.message : 'Unknown error',
      );
      reportError(exception, { requestId: String(body.requestId ?? '') });
    }
    if (exception instanceof TooManyRequestsError) {
      reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    const known = knownErrorBody(exception);
    if (known) return known;
    const requestId = requestIdOf(request);
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'INTERNAL_ERROR',
      message: `Une erreur interne est survenue (référence ${requestId}).`,
      requestId,
    };
  }
}

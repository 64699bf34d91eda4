/**
 * Typed business error. Services throw it; the global exception filter turns it into
 * `{ statusCode, code, message }`. `code` is UPPER_SNAKE (e.g. ACCOUNT_NOT_EXIST, SLOT_TAKEN).
 * Where the spec gives a server text (`Account not exist`, `Email already exists`, ...), pass it verbatim as `message`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(code = 'NOT_FOUND', message = 'Ressource introuvable') {
    super(code, message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(code, message, 409);
  }
}

/**
 * 409 for a refusal that says nothing about the request itself (the resource was too busy to answer in time):
 * the same request may succeed a moment later, so an Idempotency-Key does not record it.
 */
export class TransientConflictError extends ConflictError {}

export class UnauthorizedError extends DomainError {
  constructor(code = 'UNAUTHORIZED', message = 'Authentification requise') {
    super(code, message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code = 'FORBIDDEN', message = 'Accès refusé') {
    super(code, message, 403);
  }
}

/**
 * 429: a throttle refused the request. `retryAfterSeconds` (whole seconds, at least 1) is when its
 * window frees up; the global filter sends it as the `Retry-After` header, the body stays the usual one.
 */
export class TooManyRequestsError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(code, message, 429);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * 400 naming a French problem per faulty field (`errors`, keyed by the body's field names), so a
 * form can show each one under its input; `message` joins them for clients that show one line.
 */
export class InvalidFieldsError extends DomainError {
  constructor(
    code: string,
    readonly fields: Record<string, string>,
  ) {
    super(code, Object.values(fields).join(' ; '), 400);
  }
}

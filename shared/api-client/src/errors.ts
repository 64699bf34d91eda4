import { MESSAGES_FR, frenchMessageFor } from '@rdv/sectors';

/** The API's one error shape (global filter): `{ statusCode, code, message }`. */
export interface ApiErrorBody {
  statusCode?: number;
  code?: string;
  message?: string | string[];
}

/** Status of an ApiError when the API could not be reached at all. */
export const NETWORK_FAILURE_STATUS = 0;

/**
 * An API failure as every app shows it: `message` is the French text for the user, `code` the
 * API's domain code (`SLOT_TAKEN`, `ACCOUNT_NOT_EXIST`...), `serverMessage` the raw first text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const error = isErrorBody(body) ? body : null;
    const serverMessages = Array.isArray(error?.message)
      ? error.message.map(String)
      : typeof error?.message === 'string' && error.message
        ? [error.message]
        : [];
    super(frenchMessageOf(status, serverMessages));
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof error?.code === 'string' ? error.code : undefined;
    this.serverMessage = serverMessages[0];
    this.body = body;
  }

  /** The API was not reached (network failure or timeout): nothing happened on the server side. */
  get isNetworkFailure(): boolean {
    return this.status === NETWORK_FAILURE_STATUS;
  }

  static network(): ApiError {
    return new ApiError(NETWORK_FAILURE_STATUS, { code: 'NETWORK', message: MESSAGES_FR.networkError });
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null;
}

/**
 * Too many attempts and server failures get one fixed French text; contract texts (docs/product.md §8) get
 * their French message; anything else the API sends is already French and is shown as is.
 */
function frenchMessageOf(status: number, serverMessages: string[]): string {
  if (status === 429) return MESSAGES_FR.tooManyAttempts;
  if (status >= 500) return MESSAGES_FR.unexpectedError;
  if (serverMessages.length === 0) return MESSAGES_FR.unexpectedError;
  return [...new Set(serverMessages.map((m) => frenchMessageFor(m)))].join(' ');
}

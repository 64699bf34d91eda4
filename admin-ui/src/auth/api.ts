import { MESSAGES_FR, frenchMessageFor } from '@rdv/sectors';

/** Error body of the API (one global filter): `{ statusCode, code, message }`. */
export interface ErrorBody {
  statusCode?: number;
  code?: string;
  message?: string | string[];
}

export const NETWORK_ERROR_MESSAGE =
  'Impossible de joindre le serveur, vérifiez votre connexion et réessayez';

/** The JSON body of a response, or null when it is empty or not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's message(s), whether the filter sent one string or a list. */
export function serverMessagesOf(body: ErrorBody | null | undefined): string[] {
  if (Array.isArray(body?.message)) return body.message.filter(Boolean);
  return body?.message ? [body.message] : [];
}

/**
 * What the administrator reads for an API failure, as in the professional's space: throttling gets the
 * shared "too many attempts" text, the contract texts of spec §8 their French message (`frenchMessageFor`),
 * and the API's own French messages are shown as they are.
 */
export function frenchErrorMessage(status: number, body: ErrorBody | null): string {
  if (status === 429) return MESSAGES_FR.tooManyAttempts;
  const messages = serverMessagesOf(body);
  if (messages.length === 0) return MESSAGES_FR.unexpectedError;
  return [...new Set(messages.map((message) => frenchMessageFor(message)))].join(' ');
}

/** A refused request, with the French message to show and the API's error code. */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, body: ErrorBody | null, message = frenchErrorMessage(status, body)) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.code = body?.code;
  }
}

async function postForMessage(path: string, payload: unknown, fallbackMessage: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new AdminApiError(0, null, NETWORK_ERROR_MESSAGE);
  }
  const body = (await readJson(response)) as ErrorBody | null;
  if (!response.ok) throw new AdminApiError(response.status, body);
  const [message] = serverMessagesOf(body);
  return message ?? fallbackMessage;
}

/**
 * `POST /api/v1/auth/admin/forgot-password {email}`: resolves with the API's success message, the same
 * whether the account exists or not.
 */
export function requestAdminPasswordReset(email: string): Promise<string> {
  return postForMessage(
    '/api/v1/auth/admin/forgot-password',
    { email: email.trim() },
    MESSAGES_FR.passwordResetMailSent,
  );
}

/** `POST /api/v1/auth/admin/reset-password {token, password, password_confirmation}`: resolves with the API's success message. */
export function resetAdminPassword(
  token: string,
  password: string,
  passwordConfirmation: string,
): Promise<string> {
  return postForMessage(
    '/api/v1/auth/admin/reset-password',
    { token, password, password_confirmation: passwordConfirmation },
    MESSAGES_FR.passwordChanged,
  );
}

import { MESSAGES_FR, frenchMessageFor } from '@rdv/sectors';
import { getUserToken } from '../auth/token';

/** Error body of the API (one global filter): `{ statusCode, code, message }`. */
export interface ApiErrorBody {
  statusCode?: number;
  code?: string;
  message?: string | string[];
}

/** An API failure carrying the French message to show (`message`) and the raw server text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;

  constructor(status: number, body: ApiErrorBody | null) {
    const serverMessages = Array.isArray(body?.message) ? body.message : body?.message ? [body.message] : [];
    const french =
      status === 429
        ? MESSAGES_FR.tooManyAttempts
        : serverMessages.length > 0
          ? [...new Set(serverMessages.map((m) => frenchMessageFor(m)))].join(' ')
          : MESSAGES_FR.unexpectedError;
    super(french);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.serverMessage = serverMessages[0];
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Impossible de joindre le serveur, vérifiez votre connexion et réessayez';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one place the professional's space talks to the API: relative `/api/v1` URLs
 * (same origin behind the gateway), JSON in and out, the `user_token` as Bearer.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getUserToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { message: NETWORK_ERROR_MESSAGE });
  }

  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, payload as ApiErrorBody | null);
  return payload as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

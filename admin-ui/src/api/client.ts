import { ApiError, createApiClient, unwrap, type ApiClientOptions } from '@rdv/api-client';
import { SESSION_HEADERS } from '../auth/token';

export { ApiError, unwrap };

/** How the console reaches the API: same origin behind the gateway, the session in its HttpOnly cookie. */
export const adminApiOptions: ApiClientOptions = {
  baseUrl: window.location.origin,
  headers: () => SESSION_HEADERS,
};

/** The console's client of the API (typed paths; one ApiError with the French message on failure). */
export const api = createApiClient(adminApiOptions);

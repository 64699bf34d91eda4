import { ApiError, createApiClient, unwrap } from '@rdv/api-client';
import { SESSION_HEADERS } from '../auth/token';

export { ApiError, unwrap };

/**
 * The professional's space's client of the API: same origin behind the gateway, the session in its
 * HttpOnly cookie (sent by the browser, named by `X-Rdv-Session`), a request id and one ApiError
 * (French message) on failure.
 */
export const api = createApiClient({ baseUrl: window.location.origin, headers: () => SESSION_HEADERS });

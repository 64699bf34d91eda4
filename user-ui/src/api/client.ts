import { ApiError, createApiClient, unwrap } from '@rdv/api-client';
import { getUserToken } from '../auth/token';

export { ApiError, unwrap };

/**
 * The professional's space's client of the API: same origin behind the gateway, the
 * `user_token` cookie as Bearer, a request id and one ApiError (French message) on failure.
 */
export const api = createApiClient({ baseUrl: window.location.origin, token: getUserToken });

import { ApiError, createApiClient, unwrap, type ApiClientOptions } from '@rdv/api-client';
import { getAdminToken } from '../auth/token';

export { ApiError, unwrap };

/** How the console reaches the API: same origin behind the gateway, the `admin_token` cookie as Bearer. */
export const adminApiOptions: ApiClientOptions = { baseUrl: window.location.origin, token: getAdminToken };

/** The console's client of the API (typed paths; one ApiError with the French message on failure). */
export const api = createApiClient(adminApiOptions);

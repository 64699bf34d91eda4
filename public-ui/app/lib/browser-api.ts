import { createApiClient, type ApiClient } from '@rdv/api-client';

let client: ApiClient | undefined;

/**
 * The public site's client of the API in the browser (city suggestions, "near you"): same origin
 * behind the gateway, no token (the attendee's stays in its HttpOnly cookie, used server side).
 * Built on first use, since `window` only exists in the browser.
 */
export function browserApi(): ApiClient {
  client ??= createApiClient({ baseUrl: window.location.origin });
  return client;
}

import { redirect } from 'react-router';
import { frenchMessageFor, MESSAGES_FR } from '@rdv/sectors';
import { ApiError, safeReturnPath } from '@rdv/api-client';
import { serverApi, visitorAddress, type ApiAnswer, type ApiCall } from './api.server';
import { publicUrl } from './config.server';
import type { Attendee } from './attendee';

/**
 * The attendee's session, server side.
 *
 * The API's JWT (audience `attendee`, 30 days) lives in the cookie `attendee_token`
 * (CONVENTIONS.md): path=/, SameSite=Lax, Max-Age 30 days, and HttpOnly: only the server
 * reads it (loaders and actions send it as `Authorization: Bearer`; the booking dialog goes
 * through the resource route /participant/reservation), so a script injected in the page can
 * never steal it. `Secure` is added when the site is served over https.
 */
export const ATTENDEE_COOKIE = 'attendee_token';
export const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

export function readAttendeeToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ATTENDEE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      // A JWT: three base64url parts. Anything else is ignored.
      return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function isHttps(request: Request): boolean {
  const proto = request.headers.get('x-forwarded-proto');
  if (proto) return proto.split(',')[0].trim() === 'https';
  return new URL(request.url).protocol === 'https:' || publicUrl().startsWith('https:');
}

export function attendeeCookie(request: Request, token: string): string {
  return [
    `${ATTENDEE_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
    'HttpOnly',
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
}

export function clearAttendeeCookie(request: Request): string {
  return [
    `${ATTENDEE_COOKIE}=`,
    'Path=/',
    'Max-Age=0',
    'SameSite=Lax',
    'HttpOnly',
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
}

/** The account id (JWT subject) without verifying the signature: the API verifies it on every call. */
export function attendeeIdFromToken(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' && /^[0-9a-f-]{36}$/i.test(payload.sub) ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

export const SERVICE_UNAVAILABLE = MESSAGES_FR.serviceUnavailable;

/**
 * One call to the API on behalf of the visitor (a typed call on the generated client): Bearer
 * token when given, the visitor's address in X-Forwarded-For (the API throttles logins and SMS
 * per address). Never throws: network failures answer status 503 with a French message.
 */
export async function callApi<T>(
  request: Request,
  call: ApiCall<T>,
  options: { token?: string; timeoutMs?: number } = {},
): Promise<ApiAnswer<T>> {
  try {
    const { data, error, response } = await call(
      serverApi({
        token: options.token,
        forwardedFor: visitorAddress(request),
        timeoutMs: options.timeoutMs ?? 8_000,
      }),
    );
    if (response.ok) return { ok: true, status: response.status, body: data as T };
    const failure = new ApiError(response.status, error ?? null);
    let message: string;
    // The API's throttling texts say how long to wait: shown as they are.
    if (response.status === 429) message = failure.serverMessage || MESSAGES_FR.tooManyAttempts;
    else {
      if (response.status >= 500) console.error(`[public-ui] ${response.url} answered ${response.status}`);
      message = frenchMessageFor(response.status >= 500 ? undefined : failure.serverMessage);
    }
    return { ok: false, status: response.status, body: error as T, code: failure.code, message };
  } catch (error) {
    console.error(`[public-ui] API call failed: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false, status: 503, body: null as T, code: 'API_UNAVAILABLE', message: SERVICE_UNAVAILABLE };
  }
}

/**
 * The signed-in attendee, or undefined. docs/product.md §4: a failed check is silent (no message, no
 * log beyond the API's own): an expired or forged cookie simply means "not signed in".
 */
export async function currentAttendee(
  request: Request,
): Promise<{ attendee: Attendee; token: string } | undefined> {
  const token = readAttendeeToken(request);
  if (!token) return undefined;
  const answer = await callApi(request, (api) => api.GET('/api/v1/auth/attendee/check-logged'), { token });
  return answer.ok && answer.body?._id ? { attendee: answer.body, token } : undefined;
}

/** The attendee space's home: where sign-in leads when no (acceptable) way back was given. */
export const ATTENDEE_HOME = '/participant/mes-rdvs';

/**
 * Where the attendee goes after signing in: a path of this site only, decided by the return-path
 * helper shared by the three apps (never the sign-in page itself).
 */
export function safeRedirectPath(value: string | null | undefined, fallback = ATTENDEE_HOME): string {
  return safeReturnPath(value, { fallback, avoid: ['/participant/connexion'] });
}

/** Guard of the attendee space: the sign-in page (with the way back) when nobody is signed in. */
export async function requireAttendee(request: Request) {
  const session = await currentAttendee(request);
  if (session) return session;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const headers = readAttendeeToken(request) ? { 'set-cookie': clearAttendeeCookie(request) } : undefined;
  throw redirect(`/participant/connexion?redirectTo=${encodeURIComponent(back)}`, { headers });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../common/domain-error';
import { ACCESS_TOKEN_TTL_SECONDS, type AccountKind } from './access-tokens';

/**
 * Sessions of the professional's space (/user) and of the console (/admin) travel in HttpOnly cookies that
 * scripts cannot read, set by the API at sign-in. Both SPAs call the API on the same origin under /api/v1, so
 * the cookies are scoped to that path (Path=/api/v1): they reach every API call of their SPA and never the
 * pages, the public site's server-rendered requests or the SPAs' own files. Path scoping is not a boundary
 * inside one origin (any page of the origin could fetch /api/v1), so it is not what protects them: HttpOnly
 * keeps them from scripts, SameSite=Strict from other sites, and the rules below from forged requests.
 *
 * One cookie per kind (`rdv_user_session`, `rdv_admin_session`): a browser signed in to both areas sends both,
 * so a SPA names the area whose session it means with the `X-Rdv-Session: user|admin` header. Without that
 * header the API ignores the cookies: a request forged by another site (a form post, an <img>) cannot carry
 * a custom header, and a cross-origin fetch with one is stopped at the preflight (the API answers no CORS).
 * On top of that, a state-changing call made with a cookie must come from the site's own origin (Origin, or
 * Referer when a browser sends no Origin), like the server-rendered forms of the public site.
 * API clients keep using `Authorization: Bearer`, which always wins over cookies.
 */
export const SESSION_AREA_HEADER = 'x-rdv-session';
export const SESSION_COOKIE_PATH = '/api/v1';
export const SESSION_COOKIE_KINDS = ['user', 'admin'] as const;
export type SessionCookieKind = (typeof SESSION_COOKIE_KINDS)[number];
export const SESSION_COOKIE_NAMES: Record<SessionCookieKind, string> = {
  user: 'rdv_user_session',
  admin: 'rdv_admin_session',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The area a SPA named in `X-Rdv-Session`, when it is one that has a session cookie. */
export function sessionArea(request: FastifyRequest): SessionCookieKind | undefined {
  const value = request.headers[SESSION_AREA_HEADER];
  return (SESSION_COOKIE_KINDS as readonly unknown[]).includes(value)
    ? (value as SessionCookieKind)
    : undefined;
}

/** One cookie of the `Cookie` header (no plugin: the API reads no other cookie). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    return value ? value : undefined;
  }
  return undefined;
}

/** The session cookie of the area the request names, when `kinds` admits it. */
export function cookieToken(
  request: FastifyRequest,
  kinds: readonly AccountKind[],
): { kind: SessionCookieKind; token: string } | undefined {
  const area = sessionArea(request);
  if (!area || !kinds.includes(area)) return undefined;
  const token = readCookie(request, SESSION_COOKIE_NAMES[area]);
  return token ? { kind: area, token } : undefined;
}

/** The origin the browser used to reach the site (behind the gateway: its forwarded host and protocol). */
function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  return typeof host === 'string' && host ? `${request.protocol}://${host}` : undefined;
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a state-changing call made with a session cookie from another origin than the site's
 * (PUBLIC_URL, or the origin the request itself was addressed to). A browser always sends Origin on
 * cross-origin POST/PUT/PATCH/DELETE; without Origin and Referer the call is refused too.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed =
    typeof origin === 'string' && origin !== 'null'
      ? originOf(origin)
      : typeof referer === 'string'
        ? originOf(referer)
        : undefined;
  const allowed = [originOf(publicUrl), requestOrigin(request)];
  if (!claimed || !allowed.includes(claimed))
    throw new ForbiddenError('CROSS_ORIGIN_REFUSED', 'Requête refusée : elle ne provient pas du site.');
}

function cookieAttributes(request: FastifyRequest, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `; Path=${SESSION_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

/** Sets the session cookie of `kind` (sign-in, or a new token after a password change or an enrolment). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionCookieKind,
  token: string,
): void {
  void reply.header(
    'set-cookie',
    `${SESSION_COOKIE_NAMES[kind]}=${token}${cookieAttributes(request, ACCESS_TOKEN_TTL_SECONDS)}`,
  );
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionCookieKind,
): void {
  void reply.header('set-cookie', `${SESSION_COOKIE_NAMES[kind]}=${cookieAttributes(request, 0)}`);
}

/** Whether the answer to this request should hand its session to a cookie: a SPA asked for one. */
export function wantsSessionCookie(request: FastifyRequest, kind: AccountKind): kind is SessionCookieKind {
  return sessionArea(request) === kind;
}

/**
 * The administrator's session lives in an HttpOnly cookie set by the API (`rdv_admin_session`,
 * Path=/api/v1): no script of the console can read it, so nothing here ever holds the token. Every call
 * names the area it acts for with `X-Rdv-Session: admin`, which is also what lets the API trust the cookie
 * (a forged cross-site request cannot send that header).
 */
export const SESSION_HEADERS = { 'x-rdv-session': 'admin' } as const;

/** Cookie of earlier versions, readable by scripts: removed wherever it is still found. */
const LEGACY_TOKEN_COOKIE = 'admin_token';

export function forgetLegacyToken(): void {
  if (document.cookie.split(';').some((part) => part.trim().startsWith(`${LEGACY_TOKEN_COOKIE}=`)))
    document.cookie = `${LEGACY_TOKEN_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

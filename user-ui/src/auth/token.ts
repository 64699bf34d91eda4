/**
 * The professional's session lives in an HttpOnly cookie set by the API (`rdv_user_session`, Path=/api/v1):
 * no script of the page can read it, so nothing here ever holds the token. Every call to the API names the
 * area it acts for with `X-Rdv-Session: user`, which is also what lets the API trust the cookie (a forged
 * cross-site request cannot send that header).
 */
export const SESSION_HEADERS = { 'x-rdv-session': 'user' } as const;

/** Cookie of earlier versions, readable by scripts: removed wherever it is still found. */
const LEGACY_TOKEN_COOKIE = 'user_token';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function forgetLegacyToken(): void {
  if (readCookie(LEGACY_TOKEN_COOKIE) !== null)
    document.cookie = `${LEGACY_TOKEN_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

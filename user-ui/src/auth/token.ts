/**
 * The professional's JWT lives in the `user_token` cookie (docs/CONVENTIONS.md) so the
 * session survives a reload and every area of the site agrees on where it is.
 */
export const USER_TOKEN_COOKIE = 'user_token';
const THIRTY_DAYS_IN_SECONDS = 60 * 60 * 24 * 30;

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function getUserToken(): string | null {
  return readCookie(USER_TOKEN_COOKIE) || null;
}

export function storeUserToken(token: string): void {
  document.cookie = `${USER_TOKEN_COOKIE}=${encodeURIComponent(token)}${cookieAttributes(THIRTY_DAYS_IN_SECONDS)}`;
}

export function clearUserToken(): void {
  document.cookie = `${USER_TOKEN_COOKIE}=${cookieAttributes(0)}`;
}

/** The administrator's JWT lives in the `admin_token` cookie (docs/CONVENTIONS.md). */
export const ADMIN_TOKEN_COOKIE = 'admin_token';
const THIRTY_DAYS_IN_SECONDS = 60 * 60 * 24 * 30;

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function getAdminToken(): string | null {
  const prefix = `${ADMIN_TOKEN_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length)) || null;
  }
  return null;
}

export function storeAdminToken(token: string): void {
  document.cookie = `${ADMIN_TOKEN_COOKIE}=${encodeURIComponent(token)}${cookieAttributes(THIRTY_DAYS_IN_SECONDS)}`;
}

export function clearAdminToken(): void {
  document.cookie = `${ADMIN_TOKEN_COOKIE}=${cookieAttributes(0)}`;
}

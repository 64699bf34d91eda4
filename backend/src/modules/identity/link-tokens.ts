import { createHash, randomBytes } from 'node:crypto';

/** A mailed link's secret (password reset, sign-up invitation): 256 random bits, URL-safe. Only its hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

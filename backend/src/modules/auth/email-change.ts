/** Lifetime of the link that confirms a new sign-in address. */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_MAIL_JOB = 'auth.email-change';

/** The page that opens the link: user-ui's for a professional, the public site's for a client. */
export function emailChangeLink(
  publicUrl: string,
  token: string,
  kind: 'user' | 'attendee' = 'user',
): string {
  const page = kind === 'user' ? '/user/confirmer-email' : '/participant/confirmer-email';
  return `${publicUrl.replace(/\/+$/, '')}${page}?token=${encodeURIComponent(token)}`;
}

/** Lifetime of the link that confirms a professional's new address. */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_MAIL_JOB = 'auth.email-change';

export function emailChangeLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/user/confirmer-email?token=${encodeURIComponent(token)}`;
}

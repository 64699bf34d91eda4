import type { AccountKind } from '../identity';

/** Lifetime of a password reset link. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_MAIL_JOB = 'auth.password-reset';

/** docs/product.md §8 success messages, in French. */
export const FORGOT_PASSWORD_MESSAGE =
  'Un email contenant les instructions pour réinitialiser votre mot de passe va vous être envoyé.';
export const RESET_PASSWORD_MESSAGE =
  'Votre mot de passe a été modifié. Veuillez vous reconnecter avec votre nouveau mot de passe.';

/** Where each kind of account resets its password (the pages of public-ui, user-ui and admin-ui). */
export function resetLink(publicUrl: string, kind: AccountKind, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const path = {
    user: '/user/reinitialiser-mot-de-passe',
    attendee: '/participant/reinitialiser-mot-de-passe',
    admin: '/admin/reset-password',
  }[kind];
  return `${base}${path}?token=${encodeURIComponent(token)}`;
}

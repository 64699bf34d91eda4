import { MESSAGES_FR } from '@rdv/sectors';
import { api, unwrap } from '../api/client';

const ADMIN = { path: { kind: 'admin' as const } };

/**
 * `POST /api/v1/auth/admin/forgot-password {email}`: resolves with the API's success message, the same
 * whether the account exists or not.
 */
export async function requestAdminPasswordReset(email: string): Promise<string> {
  const answer = await unwrap(
    api.POST('/api/v1/auth/{kind}/forgot-password', { params: ADMIN, body: { email: email.trim() } }),
  );
  return answer?.message || MESSAGES_FR.passwordResetMailSent;
}

/** `POST /api/v1/auth/admin/reset-password {token, password, password_confirmation}`: resolves with the API's success message. */
export async function resetAdminPassword(
  token: string,
  password: string,
  passwordConfirmation: string,
): Promise<string> {
  const answer = await unwrap(
    api.POST('/api/v1/auth/{kind}/reset-password', {
      params: ADMIN,
      body: { token, password, password_confirmation: passwordConfirmation },
    }),
  );
  return answer?.message || MESSAGES_FR.passwordChanged;
}

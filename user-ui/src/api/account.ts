import { api, unwrap } from './client';

/** The signed-in professional's credentials: address, phone, password (each with its own proof). */
export const accountApi = {
  /** Mails a link to the new address (and a notice to the current one); nothing changes until it is opened. */
  requestEmailChange: (email: string, currentPassword: string) =>
    unwrap(
      api.POST('/api/v1/auth/user/change-email', { body: { email, current_password: currentPassword } }),
    ),
  /** The link of that mail: needs no session (its single-use token is the authority). */
  confirmEmail: (token: string) => unwrap(api.POST('/api/v1/auth/user/confirm-email', { body: { token } })),
  /** Other sessions end; this one goes on with the answered token. */
  changePassword: (current_password: string, password: string, password_confirmation: string) =>
    unwrap(
      api.POST('/api/v1/auth/user/change-password', {
        body: { current_password, password, password_confirmation },
      }),
    ),
  /** Sends a code by SMS to the new number; the number becomes the account's once the code is checked. */
  sendPhoneCode: (userId: string, phoneNumber: string) =>
    unwrap(
      api.POST('/api/v1/users/{id}/send-token-to-verify-number', {
        params: { path: { id: userId } },
        body: { phoneNumber },
      }),
    ),
  verifyPhoneCode: (userId: string, token: string) =>
    unwrap(
      api.POST('/api/v1/users/{id}/verify-token-to-validate-number', {
        params: { path: { id: userId } },
        body: { token },
      }),
    ),
  timezones: (signal?: AbortSignal) => unwrap(api.GET('/api/v1/timezones', { signal })),
};

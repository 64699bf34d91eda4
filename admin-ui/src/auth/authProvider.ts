import type { AuthProvider, UserIdentity } from 'react-admin';
import { MESSAGES_FR, SERVER_TEXTS, frenchMessageFor } from '@rdv/sectors';
import { type ErrorBody, NETWORK_ERROR_MESSAGE, readJson } from './api';
import { clearAdminToken, getAdminToken, storeAdminToken } from './token';

export const WRONG_CREDENTIALS_MESSAGE = 'Identifiants incorrects';

/** The administrator account as check-logged / login return it. */
export interface AdminAccount {
  _id?: string;
  id?: string;
  email: string;
  first_name?: string;
  last_name?: string;
}

function loginErrorMessage(status: number, body: ErrorBody | null): string {
  const message = Array.isArray(body?.message) ? body.message[0] : body?.message;
  if (message === SERVER_TEXTS.accountNotExist || body?.code === 'ACCOUNT_NOT_EXIST')
    return MESSAGES_FR.accountNotExist;
  if (status === 401) return WRONG_CREDENTIALS_MESSAGE;
  if (status === 429) return MESSAGES_FR.tooManyAttempts;
  return frenchMessageFor(message);
}

/**
 * Rejections react-admin understands: `{ message: false }` sends to the login page silently
 * (spec §4: failed checks are silent); a refused token gets react-admin's "please log in" notice.
 */
const NOT_SIGNED_IN = { message: false } as const;
const SESSION_REFUSED = { message: 'ra.auth.auth_check_error' } as const;

async function checkLogged(): Promise<AdminAccount> {
  const token = getAdminToken();
  if (!token) return Promise.reject(NOT_SIGNED_IN);
  let response: Response;
  try {
    response = await fetch('/api/v1/auth/admin/check-logged', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
  } catch {
    return Promise.reject(NOT_SIGNED_IN);
  }
  if (response.status === 401 || response.status === 403) {
    clearAdminToken();
    return Promise.reject(SESSION_REFUSED);
  }
  if (!response.ok) return Promise.reject(NOT_SIGNED_IN);
  return (await readJson(response)) as AdminAccount;
}

/**
 * react-admin's authProvider on the admin auth endpoints (docs/CONVENTIONS.md "Auth endpoints").
 * The login form gives `email` (our form) or `username` (react-admin's default form): either is
 * sent as `email`.
 */
export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password: string }) {
    let response: Response;
    try {
      response = await fetch('/api/v1/auth/admin/login', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: (params.email ?? params.username ?? '').trim(),
          password: params.password,
        }),
      });
    } catch {
      throw new Error(NETWORK_ERROR_MESSAGE);
    }
    const body = (await readJson(response)) as ({ token?: string } & ErrorBody) | null;
    if (!response.ok || !body?.token) throw new Error(loginErrorMessage(response.status, body));
    storeAdminToken(body.token);
  },

  async checkAuth() {
    await checkLogged();
  },

  async logout() {
    const token = getAdminToken();
    if (token) {
      // The server revokes the token (a copy of it stops working too); the session ends here anyway.
      await fetch('/api/v1/auth/admin/logout', {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    }
    clearAdminToken();
  },

  checkError(error: { status?: number }) {
    if (error?.status === 401 || error?.status === 403) {
      clearAdminToken();
      // react-admin logs out and shows its own "logged out" notification.
      return Promise.reject();
    }
    return Promise.resolve();
  },

  async getIdentity(): Promise<UserIdentity> {
    const admin = await checkLogged();
    const fullName = [admin.first_name, admin.last_name].filter(Boolean).join(' ') || admin.email;
    return { id: admin._id ?? admin.id ?? admin.email, fullName };
  },

  async getPermissions() {
    return 'admin';
  },
};

import type { AuthProvider, UserIdentity } from 'react-admin';
import { safeReturnPath, type Schemas } from '@rdv/api-client';
import { MESSAGES_FR, SERVER_TEXTS } from '@rdv/sectors';
import { ApiError, api, unwrap } from '../api/client';
import { clearAdminToken, getAdminToken, storeAdminToken } from './token';

export const WRONG_CREDENTIALS_MESSAGE = 'Identifiants incorrects';

/** The administrator account as check-logged / login return it. */
export type AdminAccount = Schemas['AdminDto'];

function loginErrorMessage(error: ApiError): string {
  if (error.serverMessage === SERVER_TEXTS.accountNotExist || error.code === 'ACCOUNT_NOT_EXIST')
    return MESSAGES_FR.accountNotExist;
  if (error.status === 401) return WRONG_CREDENTIALS_MESSAGE;
  return error.message;
}

/**
 * The page react-admin remembered when it sent the administrator to the login page (its
 * `nextPathname` / `nextSearch` navigation state, kept by the router in `history.state.usr`),
 * through the return-path helper shared by the three apps; the dashboard otherwise.
 */
export function returnPathAfterLogin(state: unknown = window.history.state?.usr): string {
  const next = (state ?? {}) as { nextPathname?: unknown; nextSearch?: unknown };
  const search = typeof next.nextSearch === 'string' ? next.nextSearch : '';
  const wanted = typeof next.nextPathname === 'string' ? `${next.nextPathname}${search}` : undefined;
  return safeReturnPath(wanted, { fallback: '/', avoid: ['/login'] });
}

/**
 * Rejections react-admin understands: `{ message: false }` sends to the login page silently
 * (docs/product.md §4: failed checks are silent); a refused token gets react-admin's "please log in" notice.
 */
const NOT_SIGNED_IN = { message: false } as const;
const SESSION_REFUSED = { message: 'ra.auth.auth_check_error' } as const;

async function checkLogged(): Promise<AdminAccount> {
  if (!getAdminToken()) return Promise.reject(NOT_SIGNED_IN);
  try {
    return await unwrap(api.GET('/api/v1/auth/admin/check-logged'));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearAdminToken();
      return Promise.reject(SESSION_REFUSED);
    }
    return Promise.reject(NOT_SIGNED_IN);
  }
}

/**
 * react-admin's authProvider on the admin auth endpoints (docs/CONVENTIONS.md "Auth endpoints").
 * The login form gives `email` (our form) or `username` (react-admin's default form): either is
 * sent as `email`.
 */
export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password: string }) {
    try {
      const { token } = await unwrap(
        api.POST('/api/v1/auth/admin/login', {
          body: { email: (params.email ?? params.username ?? '').trim(), password: params.password },
        }),
      );
      storeAdminToken(token);
    } catch (error) {
      throw new Error(error instanceof ApiError ? loginErrorMessage(error) : MESSAGES_FR.unexpectedError, {
        cause: error,
      });
    }
    return { redirectTo: returnPathAfterLogin() };
  },

  async checkAuth() {
    await checkLogged();
  },

  async logout() {
    if (getAdminToken()) {
      // The server revokes the token (a copy of it stops working too); the session ends here anyway.
      await unwrap(api.GET('/api/v1/auth/{kind}/logout', { params: { path: { kind: 'admin' } } })).catch(
        () => undefined,
      );
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
    return { id: admin._id, fullName };
  },

  async getPermissions() {
    return 'admin';
  },
};

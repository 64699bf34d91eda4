import type { AuthProvider, UserIdentity } from 'react-admin';
import { safeReturnPath, type Schemas } from '@rdv/api-client';
import { MESSAGES_FR, SERVER_TEXTS } from '@rdv/sectors';
import { ApiError, api, unwrap } from '../api/client';
import { startAuthentication } from '@simplewebauthn/browser';
import { forgetLegacyToken } from './token';
import { pendingSecondFactor } from './secondFactor';

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

async function checkLogged(): Promise<AdminAccount> {
  forgetLegacyToken();
  try {
    return await unwrap(api.GET('/api/v1/auth/admin/check-logged'));
  } catch {
    // No session cookie at all is the ordinary "not signed in" (silent); the cookie is HttpOnly, so asking is the only way to know.
    return Promise.reject(NOT_SIGNED_IN);
  }
}

/** Second step of a sign-in, or a sign-in with a passkey alone. */
export interface SecondFactorParams {
  pendingToken?: string;
  code?: string;
  passkey?: boolean;
}

async function finishWithPasskey(pendingToken: string | undefined): Promise<void> {
  const { options, ticket } = await unwrap(
    api.POST('/api/v1/auth/{kind}/passkey/options', {
      params: { path: { kind: 'admin' } },
      body: pendingToken ? { pendingToken } : {},
    }),
  );
  const response = await startAuthentication({ optionsJSON: options as never });
  await unwrap(
    api.POST('/api/v1/auth/{kind}/passkey', {
      params: { path: { kind: 'admin' } },
      body: { ticket, response: response as unknown as Record<string, never> },
    }),
  );
}

export const SECOND_FACTOR_PROMPT = 'Confirmez votre identité avec votre second facteur.';

/**
 * react-admin's authProvider on the admin auth endpoints (docs/CONVENTIONS.md "Auth endpoints").
 * The login form gives `email` (our form) or `username` (react-admin's default form): either is
 * sent as `email`.
 */
export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password?: string } & SecondFactorParams) {
    try {
      if (params.passkey) {
        await finishWithPasskey(params.pendingToken);
        pendingSecondFactor.set(null);
        return;
      }
      if (params.pendingToken && params.code) {
        await unwrap(
          api.POST('/api/v1/auth/{kind}/second-factor', {
            params: { path: { kind: 'admin' } },
            body: { pendingToken: params.pendingToken, code: params.code.trim() },
          }),
        );
        pendingSecondFactor.set(null);
        return;
      }
      // The API sets the HttpOnly session cookie; the token of the answer is not kept.
      const answer = await unwrap(
        api.POST('/api/v1/auth/admin/login', {
          body: { email: (params.email ?? params.username ?? '').trim(), password: params.password ?? '' },
        }),
      );
      if ('pendingToken' in answer) {
        pendingSecondFactor.set({ pendingToken: answer.pendingToken, methods: answer.methods });
        throw new Error(SECOND_FACTOR_PROMPT);
      }
    } catch (error) {
      if (error instanceof Error && error.message === SECOND_FACTOR_PROMPT) throw error;
      if (error instanceof Error && error.name === 'NotAllowedError')
        throw new Error('La clé d’accès n’a pas été utilisée. Réessayez.', { cause: error });
      if (error instanceof ApiError && error.code === 'SECOND_FACTOR_INVALID')
        throw new Error('Code incorrect ou déjà utilisé', { cause: error });
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
    // The server revokes the session (a copy of the cookie stops working too) and clears the cookie.
    await unwrap(api.GET('/api/v1/auth/{kind}/logout', { params: { path: { kind: 'admin' } } })).catch(
      () => undefined,
    );
  },

  checkError(error: { status?: number; code?: string; body?: { code?: string } }) {
    // A console without a second factor while the site requires one: the account page, where it is enrolled.
    if (error?.status === 403 && (error.body?.code ?? error.code) === 'SECOND_FACTOR_REQUIRED')
      return Promise.reject({ redirectTo: '/mon-compte', logoutUser: false, message: false });
    if (error?.status === 401 || error?.status === 403) {
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

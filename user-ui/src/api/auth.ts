import type { Schemas } from '@rdv/api-client';
import { startAuthentication } from '@simplewebauthn/browser';
import { api, unwrap } from './client';

/** The professional account as the API returns it (docs/product.md §3 field names). */
export type UserAccount = Schemas['UserDto'];
/** The whole professional account (GET / PUT /users/{id}); the fields the settings page edits. */
export type UserProfile = Schemas['UserDto'];
/** What a professional may change of their own account (admin-only fields are refused by the API). */
export type UserProfilePayload = Schemas['UpdateUserDto'];
export type CompleteRegistrationPayload = Schemas['CompleteRegistrationDto'];
/** `events-futur-count` answer: `count` = sum over the asked users, `u_f_e_c` = `[{ user_id, count }]`. */
export type FutureEventsCountResponse = Schemas['EventsFuturCountDto'];

export const authApi = {
  login: (username: string, password: string) =>
    unwrap(api.POST('/api/v1/login', { body: { username, password } })),
  /** Hands a token answered to the page (sign-up) to the HttpOnly session cookie. */
  adoptSession: (token: string) =>
    unwrap(api.POST('/api/v1/auth/session', { headers: { authorization: `Bearer ${token}` } })),
  secondFactor: (pendingToken: string, code: string) =>
    unwrap(
      api.POST('/api/v1/auth/{kind}/second-factor', {
        params: { path: { kind: 'user' } },
        body: { pendingToken, code },
      }),
    ),
  /** Passkey sign-in: after the password (pendingToken) or instead of it. */
  passkey: async (pendingToken?: string) => {
    const { options, ticket } = await unwrap(
      api.POST('/api/v1/auth/{kind}/passkey/options', {
        params: { path: { kind: 'user' } },
        body: pendingToken ? { pendingToken } : {},
      }),
    );
    const response = await startAuthentication({ optionsJSON: options as never });
    return unwrap(
      api.POST('/api/v1/auth/{kind}/passkey', {
        params: { path: { kind: 'user' } },
        body: { ticket, response: response as unknown as Record<string, never> },
      }),
    );
  },
  checkLogged: (signal?: AbortSignal) => unwrap(api.GET('/api/v1/auth/user/check-logged', { signal })),
  /** Revokes the current token on the server (a copy of it stops working too). */
  logout: () => unwrap(api.GET('/api/v1/auth/{kind}/logout', { params: { path: { kind: 'user' } } })),
  forgotPassword: (email: string) =>
    unwrap(
      api.POST('/api/v1/auth/{kind}/forgot-password', {
        params: { path: { kind: 'user' } },
        body: { email },
      }),
    ),
  resetPassword: (token: string, password: string, password_confirmation: string) =>
    unwrap(
      api.POST('/api/v1/auth/{kind}/reset-password', {
        params: { path: { kind: 'user' } },
        body: { token, password, password_confirmation },
      }),
    ),
  /** `token` is the `?token=` of the mailed sign-up link: without it the API answers 404. */
  pendingRegistration: (userId: string, token: string, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{userId}/registration', {
        params: { path: { userId }, query: { token } },
        signal,
      }),
    ),
  completeRegistration: (userId: string, token: string, payload: CompleteRegistrationPayload) =>
    unwrap(
      api.POST('/api/v1/users/{userId}/complete-registration', {
        params: { path: { userId }, query: { token } },
        body: payload,
      }),
    ),
};

export const usersApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}', { params: { path: { id: userId } }, signal })),
  update: (userId: string, payload: UserProfilePayload) =>
    unwrap(api.PUT('/api/v1/users/{id}', { params: { path: { id: userId } }, body: payload })),
  futureEventsCount: (userId: string, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/events-futur-count', {
        params: { path: { id: userId }, query: { ids: [userId] } },
        // The contract's spelling (docs/product.md §3): ids[]=<id>.
        querySerializer: (query) => new URLSearchParams(query.ids?.map((id) => ['ids[]', id])).toString(),
        signal,
      }),
    ),
};

/** The number of future appointments of `userId` in an events-futur-count answer. */
export function futureEventsCountOf(answer: FutureEventsCountResponse | undefined, userId: string): number {
  if (!answer) return 0;
  if (typeof answer.count === 'number') return answer.count;
  return answer.u_f_e_c?.find((entry) => entry.user_id === userId)?.count ?? 0;
}

import { api } from './client';

/** The professional account as the API returns it (spec §3 field names). */
export interface UserAccount {
  _id: string;
  username?: string;
  email: string;
  first_name?: string;
  last_name?: string;
  telephone?: string;
  userUri?: string;
}

/** The whole professional account (GET / PUT /users/{id}); the fields the settings page edits. */
export interface UserProfile extends UserAccount {
  civility: 'M.' | 'Mme' | 'Me' | null;
  presentation_title: string | null;
  presentation: string | null;
  spoken_languages: string[];
  picture: string | null;
  mail_copy_activated: boolean;
  copy_emails: string[];
  indexable: boolean;
  teamId: string | null;
}

/** What a professional may change of their own account (admin-only fields excluded). */
export type UserProfilePayload = Partial<
  Pick<
    UserProfile,
    | 'first_name'
    | 'last_name'
    | 'presentation_title'
    | 'presentation'
    | 'spoken_languages'
    | 'mail_copy_activated'
    | 'copy_emails'
    | 'indexable'
  > & { civility: 'M.' | 'Mme' | 'Me' }
>;

export interface LoginResponse {
  token: string;
  user: UserAccount;
}

export interface MessageResponse {
  message: string;
}

/** What the registration link shows before the professional chooses a password. */
export interface PendingRegistration {
  email: string;
  first_name?: string;
  last_name?: string;
}

export interface CompleteRegistrationPayload {
  password: string;
  password_confirmation: string;
  /** E.164, FR / BE / CH only. */
  telephone: string;
  cgu_accepted: true;
  privacy_accepted: true;
}

/** Answer of complete-registration: `{ token, user }` signs the professional in; anything else sends them to the login page. */
export type CompleteRegistrationResponse = Partial<LoginResponse> & Partial<MessageResponse>;

/** `events-futur-count` answer: `count` = sum over the asked users, `u_f_e_c` = `[{ user_id, count }]`. */
export interface FutureEventsCountResponse {
  count?: number;
  u_f_e_c?: unknown;
}

export const authApi = {
  login: (username: string, password: string) => api.post<LoginResponse>('/login', { username, password }),
  checkLogged: (signal?: AbortSignal) => api.get<UserAccount>('/auth/user/check-logged', signal),
  /** Revokes the current token on the server (a copy of it stops working too). */
  logout: () => api.get<MessageResponse>('/auth/user/logout'),
  forgotPassword: (email: string) => api.post<MessageResponse>('/auth/user/forgot-password', { email }),
  resetPassword: (token: string, password: string, password_confirmation: string) =>
    api.post<MessageResponse>('/auth/user/reset-password', { token, password, password_confirmation }),
  /** `token` is the `?token=` of the mailed sign-up link: without it the API answers 404. */
  pendingRegistration: (userId: string, token: string, signal?: AbortSignal) =>
    api.get<PendingRegistration>(
      `/users/${encodeURIComponent(userId)}/registration?${new URLSearchParams({ token }).toString()}`,
      signal,
    ),
  completeRegistration: (userId: string, token: string, payload: CompleteRegistrationPayload) =>
    api.post<CompleteRegistrationResponse>(
      `/users/${encodeURIComponent(userId)}/complete-registration?${new URLSearchParams({ token }).toString()}`,
      payload,
    ),
};

export const usersApi = {
  get: (userId: string, signal?: AbortSignal) =>
    api.get<UserProfile>(`/users/${encodeURIComponent(userId)}`, signal),
  update: (userId: string, payload: UserProfilePayload) =>
    api.put<UserProfile>(`/users/${encodeURIComponent(userId)}`, payload),
  futureEventsCount: (userId: string, signal?: AbortSignal) =>
    api.get<FutureEventsCountResponse>(
      `/users/${encodeURIComponent(userId)}/events-futur-count?${new URLSearchParams([['ids[]', userId]]).toString()}`,
      signal,
    ),
};

/**
 * Reads the number of future appointments from an events-futur-count answer. `count` is the
 * contract's total; `u_f_e_c` (per-user counts) is read when `count` is absent.
 */
export function futureEventsCountOf(answer: FutureEventsCountResponse | undefined, userId: string): number {
  if (!answer) return 0;
  if (typeof answer.count === 'number') return answer.count;
  const perUser = answer.u_f_e_c;
  if (Array.isArray(perUser)) {
    const entry = perUser.find(
      (item): item is { count: number } =>
        typeof item === 'object' &&
        item !== null &&
        'count' in item &&
        ((item as { user_id?: unknown }).user_id ?? (item as { _id?: unknown })._id ?? userId) === userId,
    );
    return entry && typeof entry.count === 'number' ? entry.count : 0;
  }
  if (perUser && typeof perUser === 'object') {
    const value = (perUser as Record<string, unknown>)[userId];
    return typeof value === 'number' ? value : 0;
  }
  return 0;
}

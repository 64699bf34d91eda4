import type { FakeRoute } from './render';

export const ACCOUNT = {
  _id: '11111111-1111-4111-8111-111111111111',
  username: 'cmartin',
  email: 'claire.martin@example.fr',
  first_name: 'Claire',
  last_name: 'Martin',
  // the practice part of the account: not placed yet, so not in the directory
  city: null,
  street: null,
  postal_code: null,
  fees_info: null,
  accepts_legal_aid: false,
  bar: null,
  public_phone: null,
  specialities: [],
  profile_completeness: {
    listed: false,
    missing_for_listing: ['Ville d’exercice'],
    missing: ['Ville d’exercice', 'Adresse du cabinet', 'Domaines de compétence'],
    percent: 40,
  },
};

/** The professional's second factors: none enrolled, none required (the "Double authentification" card). */
export const NO_SECOND_FACTOR = {
  factors: [],
  recoveryCodesLeft: 0,
  required: false,
  sessionHasSecondFactor: false,
};

/**
 * Signs the professional in and answers the calls every signed-in page makes. The session cookie is
 * HttpOnly, so the page cannot see it: the fake API answers check-logged with the account, as the API does
 * for a browser that holds a valid session cookie.
 */
export function signedIn(futureCount = 0): FakeRoute[] {
  return [
    { path: '/api/v1/auth/user/check-logged', body: ACCOUNT },
    { path: '/api/v1/auth/second-factors', body: NO_SECOND_FACTOR },
    { method: 'POST', path: '/api/v1/auth/session', body: { message: 'Session ouverte' } },
    {
      path: `/api/v1/users/${ACCOUNT._id}/events-futur-count`,
      body: { count: futureCount, u_f_e_c: [{ user_id: ACCOUNT._id, count: futureCount }] },
    },
  ];
}

export const API_USER = `/api/v1/users/${ACCOUNT._id}`;

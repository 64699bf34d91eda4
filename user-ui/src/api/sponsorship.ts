import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

/** GET /users/{id}/sponsorship: the referral link and code, the referrals, the masked bank details. */
export type Sponsorship = Schemas['SponsorshipDto'];
export type Referral = Schemas['ReferralDto'];
export type BankDetailsPayload = Schemas['SaveBankDetailsDto'];

const path = (id: string) => ({ params: { path: { id } } });

/** Every call answers the whole sponsorship as it now stands. */
export const sponsorshipApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/sponsorship', { ...path(userId), signal })),
  invite: (userId: string, email: string) =>
    unwrap(api.POST('/api/v1/users/{id}/sponsorship/invitations', { ...path(userId), body: { email } })),
  saveBankDetails: (userId: string, payload: BankDetailsPayload) =>
    unwrap(api.PUT('/api/v1/users/{id}/sponsorship/bank-details', { ...path(userId), body: payload })),
  removeBankDetails: (userId: string) =>
    unwrap(api.DELETE('/api/v1/users/{id}/sponsorship/bank-details', path(userId))),
};

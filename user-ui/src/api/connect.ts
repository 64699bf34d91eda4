import { api, unwrap } from './client';

/** The professional's connected account (Stripe Connect), its payouts and the month's figures. */
export const connectApi = {
  account: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/payments/account', { params: { path: { id: userId } }, signal })),
  startOnboarding: (userId: string) =>
    unwrap(api.POST('/api/v1/users/{id}/payments/account/onboarding', { params: { path: { id: userId } } })),
  refresh: (userId: string) =>
    unwrap(api.POST('/api/v1/users/{id}/payments/account/refresh', { params: { path: { id: userId } } })),
  payouts: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/payments/payouts', { params: { path: { id: userId } }, signal })),
  figures: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/payments/figures', { params: { path: { id: userId } }, signal })),
};

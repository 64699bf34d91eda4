import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

export type Payment = Schemas['PaymentItemDto'];

/** "Mes paiements": the payments of the professional's paid appointments, newest first. */
export const paymentsApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/payments', { params: { path: { id: userId } }, signal })),
};

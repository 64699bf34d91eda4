import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

export type CallStats = Schemas['CallStatsDto'];
export type CallPeriod = CallStats['period'];

/** Phone numbers revealed from the public profile ("Afficher le numéro"), per day / week / month. */
export const callsApi = {
  stats: (userId: string, period: CallPeriod, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/calls', { params: { path: { id: userId }, query: { period } }, signal }),
    ),
};

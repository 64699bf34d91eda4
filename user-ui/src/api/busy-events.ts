import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

export type BusyEvent = Schemas['BusyEventDto'];

/** The professional's external busy events (their synced calendars), for the agenda views. */
export const busyEventsApi = {
  list: (userId: string, from: string, to: string, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/busy-events', {
        params: { path: { id: userId }, query: { from, to } },
        signal,
      }),
    ),
};

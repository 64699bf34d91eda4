import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

/** Where the professional's video appointments take place (GET / PUT /users/{id}/visio-settings). */
export type VisioSettings = Schemas['VisioSettingsDto'];
export type VisioSettingsPayload = Schemas['UpdateVisioSettingsDto'];
export type VisioProvider = NonNullable<VisioSettings['effectiveProvider']>;

export const visioApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/visio-settings', { params: { path: { id: userId } }, signal })),
  update: (userId: string, payload: VisioSettingsPayload) =>
    unwrap(api.PUT('/api/v1/users/{id}/visio-settings', { params: { path: { id: userId } }, body: payload })),
};

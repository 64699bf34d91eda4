import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

/** The office's team messaging tool (GET / PUT /users/{id}/chat-settings); shared by the whole office. */
export type ChatSettings = Schemas['ChatSettingsDto'];
export type ChatSettingsPayload = Schemas['UpdateChatSettingsDto'];

export const teamMessagingApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/chat-settings', { params: { path: { id: userId } }, signal })),
  update: (userId: string, payload: ChatSettingsPayload) =>
    unwrap(api.PUT('/api/v1/users/{id}/chat-settings', { params: { path: { id: userId } }, body: payload })),
};

import { api } from './client';

/** The office's team messaging tool (GET / PUT /users/{id}/chat-settings); shared by the whole office. */
export interface ChatSettings {
  webhookUrl: string | null;
  /** Handlebars text; null = `defaultTemplate`. */
  messageTemplate: string | null;
  enabled: boolean;
  defaultTemplate: string;
  /** null: the professional belongs to no office, so there is nothing to set (PUT answers 409 NO_OFFICE). */
  teamId: string | null;
}

export interface ChatSettingsPayload {
  webhookUrl: string;
  messageTemplate: string | null;
  enabled: boolean;
}

export const teamMessagingApi = {
  get: (userId: string, signal?: AbortSignal) =>
    api.get<ChatSettings>(`/users/${encodeURIComponent(userId)}/chat-settings`, signal),
  update: (userId: string, payload: ChatSettingsPayload) =>
    api.put<ChatSettings>(`/users/${encodeURIComponent(userId)}/chat-settings`, payload),
};

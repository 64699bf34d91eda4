/** Port for the office's team messaging tool (Slack / Mattermost / Teams incoming webhooks accept `{ text }`). */
export abstract class ChatWebhook {
  abstract post(url: string, text: string): Promise<void>;
}

export class FetchChatWebhook extends ChatWebhook {
  async post(url: string, text: string): Promise<void> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`chat webhook answered ${response.status}`);
  }
}

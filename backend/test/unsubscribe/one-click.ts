import type { ParsedMail } from 'mailparser';

/** The RFC 2369 / RFC 8058 headers of a received mail: the one-click address and the POST header's value. */
export function unsubscribeHeaders(mail: ParsedMail): { url: URL; post: string | undefined } {
  const line = (key: string) =>
    mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
  const listUnsubscribe = line('list-unsubscribe') ?? '';
  const https = /<(https:\/\/[^>]+)>/.exec(listUnsubscribe);
  if (!https) throw new Error(`no https List-Unsubscribe in: ${listUnsubscribe}`);
  return {
    url: new URL(https[1]!),
    post: line('list-unsubscribe-post')?.replace(/^List-Unsubscribe-Post:\s*/i, ''),
  };
}

/** What a mail client sends on one click (RFC 8058 §3.2): a form-encoded POST, no cookie, no CSRF token. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

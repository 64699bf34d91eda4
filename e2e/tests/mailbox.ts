import { expect } from '@playwright/test';

/** maildev of the e2e stack: every mail the product sends, read through its REST API. */
export const MAILDEV_URL =
  process.env.E2E_MAILDEV_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT_BASE ?? 3100) - 1920}`;

export interface MailAttachment {
  fileName?: string;
  generatedFileName?: string;
  contentType: string;
}

export interface Mail {
  id: string;
  subject: string;
  to: Array<{ address: string; name?: string }>;
  from: Array<{ address: string; name?: string }>;
  html?: string;
  text?: string;
  attachments?: MailAttachment[];
}

export async function allMails(): Promise<Mail[]> {
  const response = await fetch(`${MAILDEV_URL}/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as Mail[];
}

const sentTo = (mail: Mail, address: string) =>
  mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

/**
 * Waits for the mail to `address` whose subject matches and whose text holds `contains` (when given); the
 * worker relays the outbox every 500 ms, so the default delay is generous. Fails with the subjects that
 * did arrive for that address.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  options: { contains?: string; timeout?: number } = {},
): Promise<Mail> {
  let mail: Mail | undefined;
  const wanted = `${subject.source}${options.contains ? ` with "${options.contains}"` : ''}`;
  await expect
    .poll(
      async () => {
        const mine = (await allMails()).filter((m) => sentTo(m, address));
        mail = mine.find(
          (m) =>
            subject.test(m.subject) &&
            (!options.contains || `${m.text ?? ''}\n${m.html ?? ''}`.includes(options.contains)),
        );
        return mail ? wanted : mine.map((m) => m.subject);
      },
      { timeout: options.timeout ?? 30_000, message: `a mail to ${address}: ${wanted}` },
    )
    .toBe(wanted);
  return mail!;
}

/** The raw content of an attachment (e.g. the .ics of a confirmation). */
export async function attachmentText(mail: Mail, attachment: MailAttachment): Promise<string> {
  const name = attachment.generatedFileName ?? attachment.fileName;
  const response = await fetch(
    `${MAILDEV_URL}/email/${mail.id}/attachment/${encodeURIComponent(name ?? '')}`,
  );
  if (!response.ok) throw new Error(`attachment ${name}: maildev answered ${response.status}`);
  return response.text();
}

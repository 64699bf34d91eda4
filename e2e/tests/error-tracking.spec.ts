import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { publicPages } from './public-pages';

// Browser error tracking: the e2e stack's pages carry SENTRY_BROWSER_DSN pointing at base+48
// (scripts/start-stack.sh), where this journey listens as Sentry's ingestion would. A script error in the public
// site and in the professional space reaches it through the page's own Content-Security-Policy, tagged with the
// app, with the e-mail address, phone number and token it held masked.

const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const envelopes: { url: string; body: string }[] = [];
let receiver: Server;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        envelopes.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString() });
      response.writeHead(200, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'content-type': 'application/json',
      });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(BASE + 48, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Throws from a timer (an uncaught error, as a broken handler would) once the SDK is loaded. */
async function breakThePage(page: Page, marker: string) {
  await expect.poll(() => page.evaluate(() => '__SENTRY__' in window), { timeout: 15_000 }).toBe(true);
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    }, 0);
  }, `${marker} pour dominique.petit@example.fr au 06 12 34 56 78, token=abcdef123456`);
}

async function envelopeWith(marker: string) {
  await expect.poll(() => envelopes.some((e) => e.body.includes(marker)), { timeout: 15_000 }).toBe(true);
  return envelopes.find((e) => e.body.includes(marker))!;
}

test('a script error on the public site and in the professional space reaches the error tracker, scrubbed', async ({
  page,
  request,
}) => {
  const profile = (await publicPages(request)).find((p) => p.startsWith('/avocat/'))!;
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  await page.goto(`${profile}?utm_source=mail&token=secret-du-lien`);
  await breakThePage(page, 'Panne-publique');
  const fromPublic = await envelopeWith('Panne-publique');
  expect(fromPublic.url).toMatch(/^\/api\/1\/envelope\/\?.*sentry_key=e2ebrowser/);
  expect(fromPublic.body).toContain('"app":"public"');
  expect(fromPublic.body).toContain('Panne-publique pour [email] au [phone], token=[redacted]');

  await page.goto('/user/connexion');
  await breakThePage(page, 'Panne-espace-pro');
  const fromUser = await envelopeWith('Panne-espace-pro');
  expect(fromUser.body).toContain('"app":"user"');

  for (const { body } of [fromPublic, fromUser]) {
    for (const personal of [
      'dominique.petit',
      '06 12 34 56 78',
      'abcdef123456',
      'secret-du-lien',
      'utm_source',
    ])
      expect(body).not.toContain(personal);
  }
  expect(violations).toEqual([]);
});

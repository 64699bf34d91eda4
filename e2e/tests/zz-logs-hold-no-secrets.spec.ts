import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The stack's logs (API, worker, web gateway with the server-rendered pages) hold no credential: no link
 * token, no private calendar feed token, no document link, no session. Named to run after every other
 * journey (files run in name order, one worker), so it reads the logs of the whole e2e run; it also plants
 * credentials of its own in the places that used to reach the logs. The stack must be one started on this
 * machine by scripts/start-stack.sh (its logs are read from var/logs): a stack without its logs here fails.
 */
const LOGS = path.resolve(
  __dirname,
  '..',
  '..',
  'var',
  'logs',
  `e2e${process.env.SECTOR && process.env.SECTOR !== 'lawyer' ? `_${process.env.SECTOR}` : ''}`,
);
const PLANTED = 'c0ffee5ecret0ken1234567890abcdef';
const PLANTED_JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsb2dzIn0.${PLANTED}`;

test('no token of any kind appears in the logs of the e2e run', async ({ page, request }) => {
  // Requests that carry credentials in their address or headers, through the gateway and the pages.
  await request.get(`/api/v1/reviews/invitation?token=${PLANTED}`);
  await request.get(`/api/v1/folder-documents/${PLANTED}`);
  await request.get(`/api/v1/calendar-feeds/00000000-0000-4000-8000-000000000000/${PLANTED}.ics`);
  await request.get('/api/v1/auth/attendee/check-logged', {
    headers: { authorization: `Bearer ${PLANTED_JWT}` },
  });
  await page.goto(`/avis?token=${PLANTED}`);
  await page.goto(`/alertes/arreter?token=${PLANTED}`);
  await page.goto(`/alertes/confirmer?token=${PLANTED}`);
  // pino writes asynchronously: give the lines a moment to reach the files.
  await page.waitForTimeout(1_500);

  const files = ['api.log', 'worker.log', 'web.log'].map((name) => path.join(LOGS, name));
  for (const file of files) expect(existsSync(file), file).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const where = `${path.basename(file)}:${index + 1}`;
      if (line.includes(PLANTED)) leaks.push(`${where} planted token: ${line.slice(0, 300)}`);
      // A query credential left unmasked (token=, code=, state=... followed by anything but the mask).
      if (
        /[?&](?:token|validationToken|code|state|access_token|refresh_token|id_token)=(?!\[MASQU)[^&\s"]+/i.test(
          line,
        )
      )
        leaks.push(`${where} query credential: ${line.slice(0, 300)}`);
      if (/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/.test(line))
        leaks.push(`${where} JWT: ${line.slice(0, 300)}`);
      if (/\/calendar-feeds\/[^/\s"]+\/(?!\[MASQU)[^/\s"?]+\.ics/.test(line))
        leaks.push(`${where} calendar feed token: ${line.slice(0, 300)}`);
      if (/\/folder-documents\/(?!\[MASQU)[^/\s"?]+/.test(line))
        leaks.push(`${where} document link: ${line.slice(0, 300)}`);
    });
  }
  expect(leaks).toEqual([]);
});

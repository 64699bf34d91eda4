import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO } from './demo-accounts';
import { demoLawyerFreeDay, acceptConnectionDefaults } from './calendar-journey';

// The CalDAV journey against a real Radicale (Debian's, started here on a loopback port): the lawyer
// connects the account in /user/setting and marks its calendar busy; an event of the lawyer's own calendar removes
// that slot from the public booking engine; a client books another slot, the lawyer validates, the appointment
// appears in the lawyer's calendar; the lawyer cancels, it disappears.

const CALDAV_USER = { name: 'avocat.journee', password: 'Caldav-e2e-2026' };
const CALENDAR = 'agenda-e2e';
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const RADICALE_PORT = portBase + 40;
const RADICALE_URL = `http://127.0.0.1:${RADICALE_PORT}`;
const COLLECTION = `${RADICALE_URL}/${CALDAV_USER.name}/${CALENDAR}/`;
const auth = `Basic ${Buffer.from(`${CALDAV_USER.name}:${CALDAV_USER.password}`).toString('base64')}`;

let radicale: ChildProcess;
let radicaleDir: string;

test.beforeAll(async () => {
  radicaleDir = mkdtempSync(path.join(tmpdir(), 'radicale-e2e-'));
  writeFileSync(path.join(radicaleDir, 'users'), `${CALDAV_USER.name}:${CALDAV_USER.password}\n`);
  writeFileSync(
    path.join(radicaleDir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${RADICALE_PORT}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(radicaleDir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(radicaleDir, 'collections')}`,
      '',
    ].join('\n'),
  );
  radicale = spawn('radicale', ['--config', path.join(radicaleDir, 'config')], { stdio: 'ignore' });
  await expect
    .poll(async () => (await fetch(`${RADICALE_URL}/.web/`).catch(() => undefined))?.status ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const body =
    '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
    '<D:set><D:prop><D:displayname>Agenda du cabinet e2e</D:displayname>' +
    '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>' +
    '</D:prop></D:set></C:mkcalendar>';
  const made = await fetch(COLLECTION, { method: 'MKCALENDAR', headers: { authorization: auth }, body });
  expect(made.status).toBe(201);
});

test.afterAll(async () => {
  radicale?.kill('SIGTERM');
  if (radicaleDir) rmSync(radicaleDir, { recursive: true, force: true });
});

/** The .ics objects of the lawyer's calendar, with their content. */
async function calendarObjects(): Promise<string[]> {
  const listing = await fetch(COLLECTION, {
    method: 'PROPFIND',
    headers: { authorization: auth, depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
  });
  const xml = await listing.text();
  const hrefs = [...xml.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/gi)].map((m) => m[1]);
  return Promise.all(
    hrefs.map(async (href) =>
      (await fetch(new URL(href, RADICALE_URL), { headers: { authorization: auth } })).text(),
    ),
  );
}

test('a lawyer connects a CalDAV calendar: its events block slots, validated appointments are written into it', async ({
  page,
  request,
}) => {
  // ---- the demo lawyer's agenda: a day with at least two free slots, the first one to be blocked ----------
  const { user, lawyer, motive, mode, starts, offered } = await demoLawyerFreeDay(request);
  const blocked = new Date(starts[0]);
  const booked = starts[starts.length - 1];

  // ---- the lawyer's own calendar holds a hearing over the first slot ---------------------------------------
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  const hearing = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//FR',
    'BEGIN:VEVENT',
    'UID:e2e-audience@rdv-avocat.localhost',
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(blocked)}`,
    `DTEND:${stamp(new Date(blocked.getTime() + 30 * 60_000))}`,
    'SUMMARY:Audience',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const put = await fetch(`${COLLECTION}audience.ics`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'text/calendar; charset=utf-8' },
    body: hearing,
  });
  expect(put.status).toBeLessThan(300);
  expect(await offered()).toContain(blocked.toISOString());

  // ---- the lawyer connects the account and chooses the calendar, in /user/setting ------------------------
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/setting');
  const form = page.getByRole('form', { name: 'Connecter un calendrier' });
  await form.getByRole('combobox', { name: 'Fournisseur' }).click();
  await page.getByRole('option', { name: 'Autre serveur CalDAV' }).click();
  await form.getByLabel('Adresse du serveur CalDAV').fill(`${RADICALE_URL}/`);
  await form.getByLabel('Identifiant', { exact: true }).fill(CALDAV_USER.name);
  await form.getByLabel('Mot de passe', { exact: true }).fill(CALDAV_USER.password);
  await form.getByRole('button', { name: 'Connecter' }).click();
  // The calendar blocks from the connection on; the dialog that opens proposes it for the validated appointments.
  await acceptConnectionDefaults(page, 'Agenda du cabinet e2e');

  // ---- the hearing's slot leaves the public booking engine (the first sync runs at once) -------------------
  await expect
    .poll(async () => (await offered()).includes(blocked.toISOString()), {
      timeout: 30_000,
    })
    .toBe(false);
  expect(await offered()).toContain(booked);

  // ---- a client books another slot; the lawyer validates it; it appears in the lawyer's calendar --------
  const client = await request.post('/api/v1/auth/attendee/login', {
    data: { email: DEMO.attendee.email, password: DEMO.attendee.password },
  });
  expect(client.status()).toBe(200);
  const attendee = (await client.json()) as { token: string; attendee: { _id: string; last_name: string } };
  const created = await request.post(`/api/v1/attendees/${attendee.attendee._id}/create-event`, {
    headers: { authorization: `Bearer ${attendee.token}` },
    data: { user_id: user._id, motive_id: motive.id, mode, start: booked },
  });
  expect(created.status()).toBe(201);
  const appointment = (await created.json()) as { _id?: string; id?: string };
  const appointmentId = appointment._id ?? appointment.id;
  const validated = await request.post(`/api/v1/events/${appointmentId}/validate`, { headers: lawyer });
  expect(validated.status()).toBeLessThan(300);
  await expect
    .poll(async () => (await calendarObjects()).some((ics) => ics.includes(attendee.attendee.last_name)), {
      timeout: 30_000,
    })
    .toBe(true);

  // ---- the lawyer cancels: the event leaves the calendar; the hearing stays -----------------------------
  const cancelled = await request.post(`/api/v1/events/${appointmentId}/cancel`, {
    headers: lawyer,
    data: { reason: 'Empêchement du cabinet' },
  });
  expect(cancelled.status()).toBeLessThan(300);
  await expect
    .poll(async () => (await calendarObjects()).some((ics) => ics.includes(attendee.attendee.last_name)), {
      timeout: 30_000,
    })
    .toBe(false);
  expect((await calendarObjects()).some((ics) => ics.includes('SUMMARY:Audience'))).toBe(true);

  // ---- leave the demo lawyer as found: disconnect (tokens and cached busy times deleted) ------------------
  const connections = (await (
    await request.get(`/api/v1/users/${user._id}/calendar-connections`, { headers: lawyer })
  ).json()) as Array<{ id: string; serverUrl: string | null }>;
  for (const connection of connections.filter((c) => c.serverUrl?.startsWith(RADICALE_URL))) {
    const gone = await request.delete(`/api/v1/users/${user._id}/calendar-connections/${connection.id}`, {
      headers: lawyer,
    });
    expect(gone.status()).toBeLessThan(300);
  }
  await expect.poll(async () => (await offered()).includes(blocked.toISOString())).toBe(true);
});

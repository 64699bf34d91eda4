import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { DEMO } from './demo-accounts';
import { acceptConnectionDefaults, demoLawyerFreeDay } from './calendar-journey';

// The Office 365 journey against the simulated Microsoft the demo and the e2e stack run (identity platform + Graph,
// started by scripts/start-stack.sh on base+45 over https with a throwaway certificate, its consent page over http
// on base+55): the lawyer connects the account through the consent page, labelled as a simulation; its main
// calendar blocks at once and is proposed for the appointments; an event of that calendar removes its slot from
// the public profile; a client books another slot, the lawyer validates, the appointment appears in the Office
// 365 calendar; the lawyer cancels, it disappears.

const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const MICROSOFT = `https://127.0.0.1:${portBase + 45}`;
const CONSENT = `http://localhost:${portBase + 55}`;
const CALENDAR = 'AAMkAD-e2e-agenda';
const CALENDAR_NAME = 'Calendrier Microsoft (simulation)';

/**
 * The times the public profile's booking dialog offers on `day` (YYYY-MM-DD, Paris) for the motive, at the
 * office: what a visitor sees.
 */
async function profileTimes(
  page: Page,
  userUri: string,
  motiveTitle: string,
  day: string,
): Promise<string[]> {
  await page.goto(`/avocat/${userUri}`);
  await page
    .getByRole('region', { name: 'Prendre rendez-vous' })
    .getByRole('link', { name: 'Prendre rendez-vous' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec/ });
  await dialog.getByRole('radio', { name: new RegExp(motiveTitle) }).check();
  await dialog.getByRole('radio', { name: 'Au cabinet' }).check();
  await dialog.getByRole('button', { name: 'Choisir un créneau' }).click();
  await expect(dialog.getByRole('heading', { name: 'Choisissez un créneau' })).toBeVisible();
  await expect(dialog.getByText('Recherche des créneaux libres…')).toBeHidden();
  const section = dialog.locator(`section[aria-labelledby="bd-day-${day}"]`);
  for (let i = 0; i < 8 && !(await section.isVisible()); i++) {
    const more = dialog.getByRole('button', { name: 'Afficher plus de jours' });
    if (!(await more.isVisible())) break;
    await more.click();
  }
  await expect(section).toBeVisible();
  return section.getByRole('button').allTextContents();
}

/** "10:30" in Paris, as the slot buttons write it. */
const parisTime = (instant: Date) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }).format(
    instant,
  );

// The fake's certificate is self-signed: the browser (its consent page) and the control calls accept it.
test.use({ ignoreHTTPSErrors: true });

let microsoft: APIRequestContext;
test.beforeAll(async () => {
  microsoft = await playwrightRequest.newContext({ baseURL: MICROSOFT, ignoreHTTPSErrors: true });
});
test.afterAll(async () => {
  await microsoft?.dispose();
});

interface GraphEvent {
  id: string;
  subject?: string;
  start: { dateTime: string };
}

/** The calendars Graph is watching for us (its subscriptions). */
async function subscriptions(): Promise<string[]> {
  const answer = await microsoft.get('/_fake/subscriptions');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Array<{ calendarId: string }>).map((s) => s.calendarId);
}

/** The events of the lawyer's Office 365 calendar, as Graph holds them. */
async function calendarEvents(): Promise<GraphEvent[]> {
  const answer = await microsoft.get(`/_fake/events?calendar=${CALENDAR}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as GraphEvent[];
}

test('a lawyer connects Office 365 through the simulated consent page: its busy events leave the public profile, validated appointments are written into it', async ({
  page,
  request,
}) => {
  // ---- the demo lawyer's agenda: a day with at least two free slots, the first one to be blocked ----------
  const { user, lawyer, motive, mode, day, starts, offered } = await demoLawyerFreeDay(request);
  const { userUri } = (await (
    await request.get(`/api/v1/users/${user._id}`, { headers: lawyer })
  ).json()) as { userUri: string };
  const { title: motiveTitle } = motive as typeof motive & { title: string };
  const blocked = new Date(starts[0]);
  const booked = starts[starts.length - 1];

  // ---- the lawyer's Office 365 calendar holds a hearing over the first slot --------------------------------
  const graphTime = (d: Date) => ({ dateTime: d.toISOString().replace('Z', '0000'), timeZone: 'UTC' });
  const hearing = await microsoft.post(`/_fake/events?calendar=${CALENDAR}`, {
    data: {
      id: 'AAMkAD-e2e-audience',
      subject: 'Audience',
      showAs: 'busy',
      start: graphTime(blocked),
      end: graphTime(new Date(blocked.getTime() + 30 * 60_000)),
    },
  });
  expect(hearing.status()).toBe(201);
  expect(await offered()).toContain(blocked.toISOString());
  // Not connected yet: the public profile offers the hearing's time.
  expect(await profileTimes(page, userUri, motiveTitle, day)).toContain(parisTime(blocked));

  // ---- the lawyer connects the account through Microsoft's consent page, in /user/setting ----------------
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // The dashboard's link lands on the sync card, which lists every provider the site offers.
  await page.getByRole('link', { name: 'Synchronisation de vos calendriers' }).click();
  await expect(page).toHaveURL(/\/user\/setting#synchronisation-calendriers$/);
  const card = page.locator('#synchronisation-calendriers');
  await expect(card).toBeInViewport();
  const online = page.getByRole('region', { name: 'Connecter un agenda en ligne' });
  await expect(online.getByRole('button', { name: 'Connecter Google Agenda' })).toBeVisible();
  await expect(online.getByRole('button', { name: 'Connecter Outlook.com' })).toBeVisible();
  await expect(card.getByText(/n’a pas activé/)).toHaveCount(0);
  await online.getByRole('button', { name: 'Connecter Office 365' }).click();

  // ---- Microsoft's consent page: a simulation, and says so ------------------------------------------------
  await expect(page).toHaveURL(new RegExp(`^${CONSENT}/common/oauth2/v2\\.0/authorize\\?`));
  await expect(page.getByRole('alert')).toHaveText("Simulation — aucune donnée n'est envoyée à Microsoft");
  await expect(page.getByText('avocat.demo@cabinet-e2e.onmicrosoft.com')).toBeVisible();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(page).toHaveURL(/\/user\/setting/);
  await expect(
    page.getByText(
      // A fixed text: the page never shows words taken from its address.
      'Compte connecté. Choisissez les calendriers à synchroniser.',
    ),
  ).toBeVisible();
  // Its main calendar blocks from the first click, and is proposed for the validated appointments.
  await acceptConnectionDefaults(page, CALENDAR_NAME);

  // ---- the hearing's slot leaves the public booking engine (the first sync runs at once) -------------------
  await expect
    .poll(async () => (await offered()).includes(blocked.toISOString()), { timeout: 30_000 })
    .toBe(false);
  expect(await offered()).toContain(booked);
  // What a visitor sees: the public profile no longer offers the hearing's time.
  expect(await profileTimes(page, userUri, motiveTitle, day)).not.toContain(parisTime(blocked));
  // Push is on: Graph validated our receiver (through the gateway) and watches the calendar.
  await expect.poll(subscriptions, { timeout: 15_000 }).toEqual([CALENDAR]);

  // ---- a client books another slot; the lawyer validates it; it appears in the Office 365 calendar --------
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
    .poll(
      async () =>
        (await calendarEvents()).some((e) => e.subject?.includes(attendee.attendee.last_name) ?? false),
      { timeout: 30_000 },
    )
    .toBe(true);
  const written = (await calendarEvents()).find((e) => e.subject?.includes(attendee.attendee.last_name));
  expect(new Date(`${written!.start.dateTime.slice(0, 23)}Z`).toISOString()).toBe(booked);

  // ---- the lawyer cancels: the event leaves the calendar; the hearing stays -----------------------------
  const cancelled = await request.post(`/api/v1/events/${appointmentId}/cancel`, {
    headers: lawyer,
    data: { reason: 'Empêchement du cabinet' },
  });
  expect(cancelled.status()).toBeLessThan(300);
  await expect
    .poll(
      async () =>
        (await calendarEvents()).some((e) => e.subject?.includes(attendee.attendee.last_name) ?? false),
      { timeout: 30_000 },
    )
    .toBe(false);
  expect((await calendarEvents()).map((e) => e.subject)).toContain('Audience');

  // ---- leave the demo lawyer as found: disconnect (MSAL cache and cached busy times deleted) --------------
  const connections = (await (
    await request.get(`/api/v1/users/${user._id}/calendar-connections`, { headers: lawyer })
  ).json()) as Array<{ id: string; provider: string }>;
  for (const connection of connections.filter((c) => c.provider === 'office365')) {
    const gone = await request.delete(`/api/v1/users/${user._id}/calendar-connections/${connection.id}`, {
      headers: lawyer,
    });
    expect(gone.status()).toBeLessThan(300);
  }
  expect(await subscriptions()).toEqual([]);
  await expect.poll(async () => (await offered()).includes(blocked.toISOString())).toBe(true);
});

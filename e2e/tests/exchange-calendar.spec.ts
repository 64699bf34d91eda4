import { expect, test } from '@playwright/test';
import { startEwsFake, type EwsFake } from '../../backend/test/support/ews-fake';
import { DEMO } from './demo-accounts';
import { demoLawyerFreeDay, acceptConnectionDefaults } from './calendar-journey';

// The Exchange on-premise journey: the lawyer connects an Exchange mailbox in /user/setting (EWS
// address, DOMAIN\user, password; the server only speaks NTLM, which the connect form finds by itself), marks its
// calendar busy; a hearing in Exchange removes that slot from the public booking engine; a validated appointment is
// written into Exchange, and leaves it when cancelled. Exchange is the backend tests' loopback EWS SOAP fake, driven
// by the real ews-javascript-api in the stack's api and worker.

const LOGIN = 'CABINET\\avocat.journee';
const PASSWORD = 'Exchange-e2e-2026';
let exchange: EwsFake;

test.beforeAll(async () => {
  exchange = await startEwsFake({
    username: LOGIN,
    password: PASSWORD,
    auth: 'ntlm',
    folderName: 'Calendrier Exchange e2e',
  });
});

test.afterAll(async () => {
  await exchange?.stop();
});

test('a lawyer connects an Exchange server: its appointments block slots, validated appointments are written into it', async ({
  page,
  request,
}) => {
  const { user, lawyer, motive, mode, starts, offered } = await demoLawyerFreeDay(request);
  const blocked = new Date(starts[0]);
  const booked = starts[starts.length - 1];

  // ---- a hearing in the lawyer's Exchange calendar, over the first slot -----------------------------------
  exchange.putItem({
    subject: 'Audience JAF',
    start: blocked.toISOString(),
    // up to the next slot: the slots after it keep their times
    end: starts[1],
    freeBusy: 'Busy',
  });
  expect(await offered()).toContain(blocked.toISOString());

  // ---- the lawyer connects the mailbox in /user/setting -----------------------------------------------------
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/setting');
  const form = page.getByRole('form', { name: 'Connecter un calendrier' });
  await form.getByRole('combobox', { name: 'Fournisseur' }).click();
  await page.getByRole('option', { name: 'Exchange (serveur du cabinet)' }).click();
  await expect(form.getByText(/utilisez plutôt le bouton « Connecter Office 365 » ci-dessus/)).toBeVisible();
  await form.getByLabel('Adresse du serveur Exchange').fill(exchange.url);
  await form.getByLabel('Identifiant', { exact: true }).fill(LOGIN);
  await form.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
  await form.getByRole('button', { name: 'Connecter' }).click();
  await expect(form.getByText(/Le serveur Exchange a refusé l'identifiant ou le mot de passe/)).toBeVisible();
  await form.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Connecter' }).click();
  // The calendar blocks from the connection on; the dialog that opens proposes it for the validated appointments.
  await acceptConnectionDefaults(page, 'Calendrier Exchange e2e');

  // ---- the hearing's slot leaves the public booking engine ---------------------------------------------------
  await expect
    .poll(async () => (await offered()).includes(blocked.toISOString()), { timeout: 30_000 })
    .toBe(false);
  expect(await offered()).toContain(booked);

  // ---- a client books another slot, the lawyer validates: it is written into Exchange, no invitation ----------
  const client = await request.post('/api/v1/auth/attendee/login', {
    data: { email: DEMO.attendee.email, password: DEMO.attendee.password },
  });
  expect(client.status()).toBe(200);
  const attendee = (await client.json()) as { token: string; attendee: { _id: string; last_name: string } };
  const created = await request.post(`/api/v1/attendees/${attendee.attendee._id}/create-event`, {
    headers: { authorization: `Bearer ${attendee.token}` },
    data: { user_id: user._id, motive_id: motive.id, mode, start: booked },
  });
  expect(created.status(), await created.text()).toBe(201);
  const appointment = (await created.json()) as { _id?: string; id?: string };
  const appointmentId = appointment._id ?? appointment.id;
  const validated = await request.post(`/api/v1/events/${appointmentId}/validate`, { headers: lawyer });
  expect(validated.status()).toBeLessThan(300);
  const ours = () => exchange.items().filter((i) => i.subject.includes(attendee.attendee.last_name));
  await expect.poll(() => ours().map((i) => i.start), { timeout: 30_000 }).toEqual([booked]);
  expect(exchange.operations.filter((o) => o.name === 'CreateItem').map((o) => o.sendInvitations)).toEqual([
    'SendToNone',
  ]);

  // ---- the lawyer cancels: the appointment leaves Exchange; the hearing stays ------------------------------
  const cancelled = await request.post(`/api/v1/events/${appointmentId}/cancel`, {
    headers: lawyer,
    data: { reason: 'Empêchement du cabinet' },
  });
  expect(cancelled.status()).toBeLessThan(300);
  await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(0);
  expect(exchange.items().map((i) => i.subject)).toContain('Audience JAF');

  // ---- leave the demo lawyer as found -----------------------------------------------------------------------
  const connections = (await (
    await request.get(`/api/v1/users/${user._id}/calendar-connections`, { headers: lawyer })
  ).json()) as Array<{ id: string; provider: string }>;
  for (const connection of connections.filter((c) => c.provider === 'exchange')) {
    const gone = await request.delete(`/api/v1/users/${user._id}/calendar-connections/${connection.id}`, {
      headers: lawyer,
    });
    expect(gone.status()).toBeLessThan(300);
  }
  await expect.poll(async () => (await offered()).includes(blocked.toISOString())).toBe(true);
});

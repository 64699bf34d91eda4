import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signInAsDemoClient } from './demo-accounts';
import { waitForMail } from './mailbox';
import { parisDay } from './paris-time';

// A client moves a confirmed appointment from its page, in the booking dialog's slot picker: it stays confirmed
// at its time (and the new time is held) until the lawyer answers; the lawyer refuses, the client keeps the
// confirmed appointment and is told by mail.

async function professionalSignsIn(page: Page) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** The demo client books the demo lawyer's consultation two to six weeks ahead; returns id and reference. */
async function demoClientBooks(page: Page, request: APIRequestContext) {
  const token = (await page.context().cookies()).find((c) => c.name === 'attendee_token')!.value;
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await request.get('/api/v1/auth/attendee/check-logged', { headers: auth })).json();
  const lawyerId: string = (await (await request.get('/api/v1/professionals/camille-durand')).json())._id;
  const motives = await (await request.get(`/api/v1/users/${lawyerId}/booking-motives`)).json();
  // A free motive: a paid one waits for the client's payment before the lawyer can validate.
  const motive = (motives as Array<{ id: string; modes: string[]; paymentRule: string }>).find(
    (m) => m.paymentRule !== 'at_booking' && m.modes.includes('in_person'),
  )!;
  for (let days = 15; days < 45; days++) {
    const day = parisDay(new Date(Date.now() + days * 86_400_000));
    const answer = await request.get(
      `/api/v1/users/${lawyerId}/slots?motiveId=${motive.id}&from=${day}&to=${day}`,
    );
    const { slots } = (await answer.json()) as { slots: Array<{ start: string }> };
    if (!slots[0]) continue;
    const booked = await request.post(`/api/v1/attendees/${me._id}/create-event`, {
      headers: auth,
      data: { user_id: lawyerId, motive_id: motive.id, mode: 'in_person', start: slots[0].start },
    });
    if (booked.status() === 201)
      return (await booked.json()) as { _id: string; refAppointment: string; start: string };
  }
  throw new Error('no free slot for the demo lawyer');
}

test('a confirmed appointment stays confirmed while its move awaits, and after the lawyer refuses it', async ({
  browser,
  request,
}) => {
  const client = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
  ).newPage();
  await signInAsDemoClient(client);
  const booked = await demoClientBooks(client, request);

  // The lawyer validates it.
  const lawyer = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await professionalSignsIn(lawyer);
  await lawyer.goto('/user/events');
  const validate = lawyer.getByRole('button', { name: 'Valider le rendez-vous de M. Julien Client' }).first();
  await validate.click();
  await expect(
    lawyer.getByText('Le rendez-vous est validé ; le client reçoit un email de confirmation'),
  ).toBeVisible();

  // The client moves it from its page, in the slot picker (no native list of dates).
  await client.goto(`/appointments/${booked.refAppointment}`);
  const when = await client.getByRole('heading', { level: 2 }).first().textContent();
  await expect(client.getByText('Confirmé', { exact: true })).toBeVisible();
  await client.getByRole('link', { name: 'Déplacer le rendez-vous' }).click();
  await expect(client.getByText(/reste confirmé à son horaire actuel tant que/)).toBeVisible();
  expect(await client.locator('select').count()).toBe(0);
  await client.getByRole('button', { name: 'Dates suivantes' }).click();
  const slot = client.locator('.slot-button').first();
  await expect(slot).toBeVisible();
  const chosen = await slot.getAttribute('aria-label');
  await slot.click();
  mkdirSync('/work/shots', { recursive: true });
  await client.screenshot({ path: '/work/shots/reschedule-picker-390.png', fullPage: true });
  await client.getByRole('button', { name: 'Demander ce créneau' }).click();
  await expect(client.getByText(/Votre demande de déplacement a été transmise/)).toBeVisible();

  // Still confirmed at its time, the request shown; the lawyer is mailed with accept / refuse links.
  await client.goto(`/appointments/${booked.refAppointment}`);
  await expect(client.getByRole('heading', { level: 2 }).first()).toHaveText(when!);
  await expect(client.getByText('Confirmé', { exact: true })).toBeVisible();
  await expect(
    client.getByText(`Vous avez demandé à déplacer ce rendez-vous au ${chosen}`, { exact: false }),
  ).toBeVisible();
  await waitForMail(DEMO.professional.email, /demande à déplacer son rendez-vous/);

  // The lawyer refuses the move: the appointment stays where it was, the client is told.
  await lawyer.goto('/user/events');
  const request_ = lawyer.getByRole('region', { name: 'Demande de déplacement du client' });
  await expect(request_).toBeVisible();
  await request_.getByRole('button', { name: 'Refuser le déplacement' }).click();
  await lawyer.getByRole('dialog').getByRole('button', { name: 'Refuser le déplacement' }).click();
  await expect(
    lawyer.getByText(
      'Le déplacement est refusé : le rendez-vous reste confirmé à son horaire initial ; le client en est informé',
    ),
  ).toBeVisible();
  await waitForMail(DEMO.attendee.email, /Votre rendez-vous reste fixé au/);
  await client.goto(`/appointments/${booked.refAppointment}`);
  await expect(client.getByRole('heading', { level: 2 }).first()).toHaveText(when!);
  await expect(client.getByText('Confirmé', { exact: true })).toBeVisible();
  await expect(client.getByText(/Vous avez demandé à déplacer/)).toHaveCount(0);
});

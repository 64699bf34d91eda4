import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signInAsDemoClient } from './demo-accounts';
import { allMails } from './mailbox';
import { parisDay } from './paris-time';

// A client books, sends a PDF from the appointment page, the lawyer opens the folder from the
// appointment, downloads the PDF, answers with a message; the client is told by mail (without the content)
// and reads the message in their space.

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function professionalSignsIn(page: Page) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** The demo client (signed in on `page`) books the demo lawyer through the API; returns the reference. */
async function demoClientBooks(page: Page, request: APIRequestContext, mode = 'in_person'): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'attendee_token')!.value;
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await request.get('/api/v1/auth/attendee/check-logged', { headers: auth })).json();
  const lawyerId: string = (await (await request.get('/api/v1/professionals/camille-durand')).json())._id;
  const motives = await (await request.get(`/api/v1/users/${lawyerId}/booking-motives`)).json();
  // A free motive: a paid one waits for the client's payment before the lawyer can validate.
  const motive = (motives as Array<{ id: string; modes: string[]; paymentRule: string }>).find(
    (m) => m.paymentRule !== 'at_booking' && m.modes.includes(mode),
  )!;
  for (let days = 20; days < 60; days++) {
    const day = parisDay(new Date(Date.now() + days * 86_400_000));
    const answer = await request.get(
      `/api/v1/users/${lawyerId}/slots?motiveId=${motive.id}&from=${day}&to=${day}`,
    );
    const { slots } = (await answer.json()) as { slots: Array<{ start: string }> };
    const start = slots[Math.floor(Math.random() * slots.length)]?.start;
    if (!start) continue;
    const booked = await request.post(`/api/v1/attendees/${me._id}/create-event`, {
      headers: auth,
      data: { user_id: lawyerId, motive_id: motive.id, mode, start },
    });
    if (booked.status() === 201) return ((await booked.json()) as { refAppointment: string }).refAppointment;
  }
  throw new Error('no free slot for the demo lawyer');
}

test('on a phone, cancelling shows the confirmation on screen and no longer promises a visio link', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const client = await context.newPage();
  await signInAsDemoClient(client);
  const ref = await demoClientBooks(client, request, 'visio');
  await client.goto(`/appointments/${ref}`);
  await client.getByRole('link', { name: 'Annuler le rendez-vous' }).click();
  await client.getByRole('button', { name: 'Oui, annuler le rendez-vous' }).click();
  const confirmation = client.getByRole('status').filter({ hasText: 'Le rendez-vous a bien été annulé' });
  await expect(confirmation).toBeInViewport();
  await expect(client.getByText('Le lien sera disponible une fois le rendez-vous confirmé.')).toHaveCount(0);
  await expect(client.getByText('Pas de visio : ce rendez-vous n’aura pas lieu.')).toBeVisible();
  await context.close();
});

test('a client sends a PDF before the meeting; the lawyer downloads it and answers; the client reads it', async ({
  browser,
  request,
}) => {
  // ---- the client signs in and books the demo lawyer (the booking dialog itself is booking.spec's journey)
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signInAsDemoClient(client);
  const refAppointment = await demoClientBooks(client, request);

  // ---- "documents à transmettre à votre avocate" (Mme Camille Durand) on the appointment page
  await client.goto(`/appointments/${refAppointment}`);
  const documents = client.getByRole('region', { name: 'Documents à transmettre à votre avocate' });
  await documents
    .getByLabel('Document')
    .setInputFiles({ name: 'Attestation employeur.pdf', mimeType: 'application/pdf', buffer: PDF });
  await documents.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(documents.getByRole('status')).toContainText('Document « Attestation employeur » transmis');

  // ---- the lawyer opens the folder from the appointment and downloads the PDF
  const lawyerContext = await browser.newContext({ acceptDownloads: true });
  const lawyer = await lawyerContext.newPage();
  await professionalSignsIn(lawyer);
  await lawyer.goto('/user/events');
  const card = lawyer.getByRole('article').filter({ hasText: 'Julien Client' }).first();
  await card.getByRole('button', { name: /^Ouvrir le dossier de/ }).click();
  await expect(lawyer).toHaveURL(/\/user\/dossiers-client\?dossier=/);
  const dialog = lawyer.getByRole('dialog');
  await expect(dialog.getByText('Attestation employeur', { exact: true }).first()).toBeVisible();
  const [download] = await Promise.all([
    lawyer.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Télécharger Attestation employeur' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^document-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}\.pdf$/);
  expect(Buffer.compare(await readFile((await download.path())!), PDF)).toBe(0);

  // ---- the lawyer answers in the exchange
  const answer = `Bien reçu, merci. Apportez l’original le jour du rendez-vous (${Date.now().toString(36)}).`;
  const SUBJECT = 'Vous avez un nouveau message de Maître Camille Durand';
  const messageMails = async () =>
    (await allMails()).filter(
      (m) => m.subject === SUBJECT && m.to.some((to) => to.address === DEMO.attendee.email),
    );
  const mailsBefore = (await messageMails()).length;
  await dialog.getByLabel('Votre message au client').fill(answer);
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog.getByRole('log', { name: 'Messages du dossier' })).toContainText(answer);

  // ---- the client is told by mail, without the content, and reads it in their space
  await expect
    .poll(async () => (await messageMails()).length, { timeout: 20_000 })
    .toBeGreaterThan(mailsBefore);
  const mail = (await messageMails()).at(-1)!;
  expect(mail.text ?? '').not.toContain(answer);
  expect(mail.html ?? '').not.toContain(answer);
  await client.goto('/participant/profil');
  const exchanges = client.getByRole('region', { name: 'Mes documents et échanges' });
  await expect(exchanges.getByText(answer)).toBeVisible();
  await expect(exchanges.getByRole('link', { name: 'Attestation employeur' }).first()).toBeVisible();
  // the new sections of the attendee space have no accessibility violation (axe-core)
  for (const path of ['/participant/profil', `/appointments/${refAppointment}`]) {
    await client.goto(path);
    const { violations } = await new AxeBuilder({ page: client }).analyze();
    expect({
      path,
      violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    }).toEqual({
      path,
      violations: [],
    });
  }

  // the lawyer sees the message read
  await lawyer.reload();
  await expect(lawyer.getByRole('dialog').getByText(/· lu$/).last()).toBeVisible();
  await clientContext.close();
  await lawyerContext.close();
});

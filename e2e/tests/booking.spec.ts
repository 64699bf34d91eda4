import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { forgetEarlierJourneysSmsSends } from './db';
import { DEMO } from './demo-accounts';
import { attachmentText, waitForMail } from './mailbox';
import { parisDay } from './paris-time';
import { smsCodeFor, uniqueMobile } from './sms';

// The whole journey: a visitor finds a lawyer, books, verifies the phone, the lawyer validates,
// the attendee finds the confirmation mail and the appointment page, then cancels and both sides are told.

const LAWYER = { name: 'Camille Durand', city: 'Paris', speciality: 'droit-du-travail' };
const MOTIVE = 'Consultation de suivi';

/** Whether a start time is still offered to visitors (what the booking dialog lists). */
async function isOffered(request: APIRequestContext, appointment: Appointment): Promise<boolean> {
  const day = parisDay(new Date(appointment.start));
  const answer = await request.get(
    `/api/v1/users/${appointment.user_id}/slots?motiveId=${appointment.motive.id}&from=${day}&to=${day}`,
  );
  expect(answer.status()).toBe(200);
  const { slots } = (await answer.json()) as { slots: Array<{ start: string }> };
  const start = new Date(appointment.start).getTime();
  return slots.some((s) => new Date(s.start).getTime() === start);
}

interface Appointment {
  start: string;
  status: string;
  mode: string;
  user_id: string;
  motive: { id: string; title: string };
}

const asRegExp = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function professionalSignsIn(page: Page) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/**
 * A stand-in for the office's team messaging tool (Slack, Teams... incoming webhooks take `{ text }`),
 * listening on this machine, where the API's worker can reach it.
 */
async function teamChannel() {
  const messages: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      messages.push((JSON.parse(body) as { text: string }).text);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/cabinet`;
  return { url, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The lawyer, who manages the office, turns its team messaging on or off from "Mon cabinet". */
async function lawyerSetsTeamMessaging(browser: Browser, webhookUrl: string, enabled: boolean) {
  const context = await browser.newContext();
  const lawyer = await context.newPage();
  await professionalSignsIn(lawyer);
  await lawyer.goto('/user/mon-etude');
  const form = lawyer.getByRole('form', { name: 'Messagerie d’équipe' });
  await form.getByLabel('URL du webhook entrant').fill(webhookUrl);
  await form.getByRole('switch', { name: /Prévenir l’équipe/ }).setChecked(enabled);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Messagerie d’équipe enregistrée')).toBeVisible();
  await context.close();
}

interface NewAttendee {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: { national: string; e164: string };
  /** As the professional's space names them: "Mme Léa Parcours…" */
  name: string;
}

function newAttendee(): NewAttendee {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const lastName = `Parcours${run.toUpperCase()}`;
  return {
    firstName: 'Léa',
    lastName,
    email: `client-${run}@e2e.test`,
    password: 'ClientE2e2026!',
    phone: uniqueMobile(),
    name: `Mme Léa ${lastName}`,
  };
}

/**
 * The visitor's side, through the UI only: search, profile, and the five steps of the booking dialog with
 * an inline sign-up and the SMS code. Returns the appointment's reference and how the dialog wrote its date.
 */
async function visitorBooks(
  page: Page,
  attendee: NewAttendee,
  choice: { mode: string; message: string },
): Promise<{ ref: string; when: string }> {
  const message = choice.message;
  await forgetEarlierJourneysSmsSends();
  // ---- the visitor finds the lawyer --------------------------------------------------------------------
  await page.goto('/');
  await page.getByLabel('Ville ou code postal').fill(LAWYER.city);
  await page.getByLabel('Domaines de compétences').selectOption(LAWYER.speciality);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(new RegExp(`/avocats/paris/${LAWYER.speciality}$`));
  await page.getByRole('link', { name: LAWYER.name, exact: true }).click();
  await expect(page).toHaveURL(/\/avocat\/camille-durand$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(LAWYER.name);

  // ---- step 1: reason (motive and mode), then the slot -------------------------------------------------
  const booking = page.getByRole('region', { name: 'Prendre rendez-vous' });
  await booking.getByRole('link', { name: 'Prendre rendez-vous' }).click();
  const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec .*Camille Durand/ });
  await expect(dialog.getByRole('heading', { name: 'Motif du rendez-vous' })).toBeVisible();
  await expect(dialog.getByText('Étape 1 sur 5 : Motif')).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(MOTIVE) }).check();
  await dialog.getByRole('radio', { name: choice.mode }).check();
  await dialog.getByRole('button', { name: 'Choisir un créneau' }).click();
  await expect(dialog.getByRole('heading', { name: 'Choisissez un créneau' })).toBeVisible();
  const slot = dialog.locator('.bd__day').first().getByRole('button').first();
  await expect(slot).toBeVisible();
  // "Lundi 23 novembre 2026 à 11:00": how the confirmation step and the appointment page write it
  const when = (await slot.getAttribute('aria-label'))!;
  expect(when).toMatch(/^[A-Z][a-zé]+ \d{1,2} [a-zéû]+ \d{4} à \d\d:\d\d$/);
  await slot.click();

  // ---- step 2: identification, signing up inline -------------------------------------------------------
  await expect(dialog.getByRole('heading', { name: 'Identifiez-vous' })).toBeVisible();
  await expect(dialog.getByText('Étape 2 sur 5 : Identification')).toBeVisible();
  await dialog.getByRole('button', { name: 'Nouveau compte' }).click();
  await dialog.getByRole('radio', { name: 'Madame' }).check();
  await dialog.getByLabel('Prénom').fill(attendee.firstName);
  await dialog.getByLabel('Nom', { exact: true }).fill(attendee.lastName);
  await dialog.getByLabel('Email').fill(attendee.email);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(attendee.password);
  await dialog.getByLabel('Confirmation du mot de passe').fill(attendee.password);
  await dialog.getByLabel('Téléphone mobile').fill(attendee.phone.national);
  await dialog.getByRole('checkbox', { name: /conditions générales d’utilisation/ }).check();
  await dialog.getByRole('checkbox', { name: /politique de protection des données/ }).check();
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();

  // ---- step 3: the SMS code ----------------------------------------------------------------------------
  await expect(dialog.getByRole('heading', { name: 'Vérifiez votre téléphone' })).toBeVisible();
  await expect(dialog.getByText('Étape 3 sur 5 : Vérification')).toBeVisible();
  await dialog.getByRole('button', { name: 'Recevoir le code par SMS' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  const code = await smsCodeFor(attendee.phone.e164);
  await dialog.getByLabel('Code reçu par SMS').fill(code);
  await dialog.getByRole('button', { name: 'Vérifier' }).click();

  // ---- step 4: infos -----------------------------------------------------------------------------------
  await expect(dialog.getByRole('heading', { name: 'Vos informations' })).toBeVisible();
  await expect(dialog.getByText('Étape 4 sur 5 : Informations')).toBeVisible();
  await expect(dialog.getByText(attendee.email)).toBeVisible();
  await expect(dialog.getByText('✓ vérifié')).toBeVisible();
  // The dialog speaks of the demo professional, Mme Camille Durand: "l'avocate".
  await dialog.getByLabel(/^Message pour l.avocate/).fill(message);
  await dialog.getByRole('button', { name: 'Continuer' }).click();

  // ---- step 5: confirm ---------------------------------------------------------------------------------
  await expect(dialog.getByRole('heading', { name: 'Confirmez votre rendez-vous' })).toBeVisible();
  await expect(dialog.getByText('Étape 5 sur 5 : Confirmation')).toBeVisible();
  await expect(dialog.getByText(when, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${MOTIVE} (30 min)`)).toBeVisible();
  await expect(dialog.getByText(choice.mode, { exact: true })).toBeVisible();
  await expect(dialog.getByText(message)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();

  await expect(dialog.getByRole('heading', { name: 'Demande de rendez-vous envoyée' })).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText(
    /Vous recevrez un email de confirmation dès que l.avocate l’aura validée/,
  );
  const link = dialog.getByRole('link', { name: 'Voir mon rendez-vous' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/appointments\/[A-Za-z0-9_-]{16,}$/);
  const ref = href.split('/').pop()!;

  return { ref, when };
}

test('a visitor books a lawyer, the lawyer validates, the attendee gets the confirmation and cancels', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const attendee = newAttendee();
  const attendeeName = attendee.name;
  const message = `Litige avec mon employeur (${attendee.lastName})`;
  const { ref, when } = await visitorBooks(page, attendee, { mode: 'En visio', message });
  const link = page.getByRole('dialog').getByRole('link', { name: 'Voir mon rendez-vous' });

  // The appointment holds its slot, awaiting validation.
  const pending = (await (await request.get(`/api/v1/appointments/${ref}`)).json()) as Appointment;
  expect(pending.status).toBe('pending');
  expect(pending.mode).toBe('visio');
  expect(pending.motive.title).toBe(MOTIVE);
  expect(await isOffered(request, pending), 'the booked slot is held for everyone else').toBe(false);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${ref}$`));
  await expect(page.getByText('En attente de validation')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: asRegExp(when) })).toBeVisible();

  // Both sides are told of the request.
  await waitForMail(attendee.email, /^Votre demande de rendez-vous avec .+ a bien été envoyée$/);
  const requestMail = await waitForMail(DEMO.professional.email, /^Nouvelle demande de rendez-vous le /, {
    contains: attendee.lastName,
  });
  expect(requestMail.text).toContain('Valider le rendez-vous : ');

  // ---- the lawyer validates in their space -------------------------------------------------------------
  const lawyerContext = await browser.newContext();
  const lawyer = await lawyerContext.newPage();
  await professionalSignsIn(lawyer);
  await lawyer.goto('/user/events');
  await expect(lawyer.getByRole('heading', { name: 'Rendez-vous', exact: true })).toBeVisible();
  await expect(lawyer.getByRole('tab', { name: /^À valider/ })).toHaveAttribute('aria-selected', 'true');
  const requestCard = lawyer.getByRole('article', { name: attendeeName });
  await expect(requestCard).toBeVisible();
  await expect(requestCard).toContainText('À valider');
  await expect(requestCard).toContainText(MOTIVE);
  await expect(requestCard).toContainText(message);
  await requestCard.getByRole('button', { name: `Valider le rendez-vous de ${attendeeName}` }).click();
  await expect(
    lawyer.getByText('Le rendez-vous est validé ; le client reçoit un email de confirmation'),
  ).toBeVisible();
  await expect(lawyer.getByRole('article', { name: attendeeName })).toHaveCount(0);
  await lawyer.getByRole('tab', { name: /^À venir/ }).click();
  const confirmed = lawyer.getByRole('article', { name: attendeeName });
  await expect(confirmed).toContainText('Confirmé');

  // ---- the attendee's confirmation mail: French, with the .ics and the link to the appointment ---------
  const confirmation = await waitForMail(attendee.email, /^Votre rendez-vous du .+ est confirmé$/);
  expect(confirmation.text).toContain(`Bonjour ${attendee.firstName}`);
  expect(confirmation.text).toContain('a confirmé votre rendez-vous');
  expect(confirmation.text).toMatch(/Lien visio : https?:\/\/\S+/);
  const ics = confirmation.attachments?.find((a) => /\.ics$/.test(a.generatedFileName ?? a.fileName ?? ''));
  expect(ics, 'an .ics attachment').toBeTruthy();
  expect(ics!.contentType).toMatch(/^text\/calendar/);
  const calendar = await attachmentText(confirmation, ics!);
  expect(calendar).toContain('BEGIN:VCALENDAR');
  expect(calendar).toContain('BEGIN:VEVENT');
  const start = new Date(pending.start);
  const utc = start
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  expect(calendar.replace(/\r?\n[ \t]/g, '')).toMatch(
    new RegExp(`DTSTART(:${utc}|;TZID=Europe/Paris:${utc.slice(0, 9)})`),
  );
  const appointmentUrl = `${confirmation.text}\n${confirmation.html}`.match(
    new RegExp(`https?://[^\\s"'<>]+/appointments/${ref}\\b`),
  )?.[0];
  expect(appointmentUrl, 'the link to the appointment page in the mail').toBeTruthy();

  // ---- the attendee opens the appointment page from the mail and cancels -------------------------------
  await page.goto(appointmentUrl!);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon rendez-vous' })).toBeVisible();
  await expect(page.getByText('Confirmé', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: asRegExp(when) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rejoindre la visio' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toBeVisible();
  await page.getByRole('link', { name: 'Annuler le rendez-vous' }).click();
  const cancel = page.getByRole('region', { name: 'Annuler ce rendez-vous ?' });
  await cancel.getByLabel(/Raison/).fill('Empêchement de dernière minute');
  await cancel.getByRole('button', { name: 'Oui, annuler le rendez-vous' }).click();
  // The spec's message, word for word, agreed with the demo professional (Mme Camille Durand): shared/sectors
  // writes "l'avocate" with a straight apostrophe, the rest of the page with ’: either reads the same.
  await expect(page.getByRole('status')).toHaveText(
    /^Le rendez-vous a bien été annulé et l[’']avocate a été informée$/,
  );
  await expect(page.getByText('Annulé', { exact: true })).toBeVisible();
  const cancelled = await (await request.get(`/api/v1/appointments/${ref}`)).json();
  expect(cancelled.status).toBe('cancelled');
  expect(await isOffered(request, pending), 'the cancelled slot is free again').toBe(true);

  // ---- both sides are told -----------------------------------------------------------------------------
  const toAttendee = await waitForMail(attendee.email, /^Votre rendez-vous du .+ est annulé$/);
  expect(toAttendee.text).toContain('Vous avez annulé votre rendez-vous avec');
  const toLawyer = await waitForMail(DEMO.professional.email, /^Rendez-vous du .+ annulé$/, {
    contains: attendee.lastName,
  });
  expect(toLawyer.text).toContain(`${attendee.lastName} a annulé son rendez-vous`);
  expect(toLawyer.text).toContain('Empêchement de dernière minute');

  // The lawyer's list no longer shows it as upcoming.
  await lawyer.reload();
  await expect(lawyer.getByRole('article', { name: attendeeName })).toHaveCount(0);
  await lawyerContext.close();
});

test('the lawyer validates from the link of the request mail, without signing in', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The office also hears of new requests in its team channel, set up from the lawyer's settings page.
  const channel = await teamChannel();
  await lawyerSetsTeamMessaging(browser, channel.url, true);
  const attendee = newAttendee();
  const message = `Succession à régler (${attendee.lastName})`;
  const { ref, when } = await visitorBooks(page, attendee, { mode: 'Au cabinet', message });
  await expect
    .poll(() => channel.messages.find((text) => text.includes(attendee.lastName)), { timeout: 20_000 })
    .toMatch(
      /^Nouvelle demande de rendez-vous pour Camille Durand : .+, .+ à \d\dh\d\d \(au cabinet, Consultation de suivi\)\. À valider : http\S+\/user\/events$/,
    );
  await lawyerSetsTeamMessaging(browser, channel.url, false);
  await channel.close();

  const requestMail = await waitForMail(DEMO.professional.email, /^Nouvelle demande de rendez-vous le /, {
    contains: attendee.lastName,
  });
  expect(requestMail.text).toContain(`${attendee.firstName} ${attendee.lastName} demande un rendez-vous`);
  expect(requestMail.text).toContain(`Message : ${message}`);
  const validate = requestMail.text?.match(/Valider le rendez-vous : (\S+)/)?.[1];
  expect(validate).toMatch(/\/user\/event-action\?token=[^&\s]+&action=validate$/);

  // A browser with no professional session: the signed link is the authority.
  const lawyerContext = await browser.newContext();
  const lawyer = await lawyerContext.newPage();
  await lawyer.goto(validate!);
  await expect(lawyer).toHaveURL(/\/user\/event-action\?/);
  await expect(lawyer.getByRole('heading', { name: 'Validation du rendez-vous' })).toBeVisible();
  await expect(lawyer.getByRole('alert')).toHaveText(
    'Le rendez-vous est validé ; le client reçoit un email de confirmation',
  );
  await expect(lawyer.getByText(attendee.name, { exact: true })).toBeVisible();
  await expect(lawyer.getByText(`${MOTIVE} · Au cabinet`, { exact: true })).toBeVisible();
  // The link acts once: opened again, it says so and changes nothing.
  await lawyer.reload();
  await expect(lawyer.getByRole('alert')).toHaveText('Ce rendez-vous est déjà validé');
  await lawyerContext.close();

  const confirmed = await (await request.get(`/api/v1/appointments/${ref}`)).json();
  expect(confirmed.status).toBe('confirmed');
  const confirmation = await waitForMail(attendee.email, /^Votre rendez-vous du .+ est confirmé$/);
  expect(confirmation.text).toMatch(/Adresse : \S.+/);
  expect(confirmation.attachments?.some((a) => /\.ics$/.test(a.generatedFileName ?? a.fileName ?? ''))).toBe(
    true,
  );

  // The attendee's page says it is confirmed, at the booked time, at the office.
  await page.goto(`/appointments/${ref}`);
  await expect(page.getByText('Confirmé', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: asRegExp(when) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir sur la carte' })).toBeVisible();
});

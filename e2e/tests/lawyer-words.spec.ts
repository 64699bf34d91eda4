import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './demo-accounts';
import { allMails, waitForMail } from './mailbox';
import { publicPages } from './public-pages';

// A lawyer meets only a lawyer's words: their firm is a "cabinet" registered by its SIRET, never a notary's
// "office" with a "crpcen", nor another trade's vocabulary. The notaries' build has the mirror check.

/**
 * Another trade's words, as they would show in the lawyers' site: a notary's "office" as a place ("l'office",
 * "votre office"), not the lawyers' own "commis d'office" nor "Office 365" (a calendar).
 */
const OTHER_TRADES =
  /\bcrpcen\b|\b(?:un|l['’]|cet|votre|de l['’]|notre|son)\s*office\b(?!\s*365)|\bnotaires?\b|\btoiletteur|\bcommissaires? de justice\b/i;

function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

async function signInAsDemoLawyer(page: Page) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

test('no public page of the lawyers’ site uses a notary’s words', async ({ request }) => {
  for (const path of await publicPages(request)) {
    const response = await request.get(path);
    const text = visibleText(await response.text());
    expect(text, path).toContain('RDV Avocat');
    expect(text.match(OTHER_TRADES)?.[0], path).toBeUndefined();
  }
});

test('the registration request asks a lawyer for the firm’s SIRET and checks its key', async ({ page }) => {
  await page.goto('/demande-inscription');
  const field = page.getByLabel('SIRET du cabinet');
  await expect(field).toBeVisible();
  expect((await page.locator('main').innerText()).match(OTHER_TRADES)?.[0]).toBeUndefined();
  await page.getByLabel('Madame').check();
  await page.getByLabel('Prénom *').fill('Inès');
  await page.getByLabel('Nom *', { exact: true }).fill('Garnier');
  await page.getByLabel('Email *').fill(`ines.garnier.${Date.now()}@example.fr`);
  await page.getByLabel('Téléphone *').fill('06 12 34 56 78');
  await page.getByLabel('Ville *').fill('Lyon');
  // A notary's 5-digit number is not a SIRET: refused in the lawyer's words, nothing sent.
  await field.fill('75062');
  await page.getByRole('button', { name: /Envoyer/ }).click();
  await expect(page.getByText(/Le SIRET doit compter 14 chiffres/)).toBeVisible();
});

test('the professional space of the demo lawyer speaks of a cabinet and its SIRET, on every page', async ({
  page,
}) => {
  // Ten pages of the SPA, each waited for until the network is idle.
  test.setTimeout(180_000);
  await signInAsDemoLawyer(page);
  for (const path of [
    '/user/dashboard',
    '/user/setting',
    '/user/calendriers',
    '/user/periodes-de-vacances',
    '/user/motifs',
    '/user/events',
    '/user/appels',
    '/user/dossiers-client',
    '/user/parrainage',
    '/user/mon-etude',
  ]) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    expect(text.match(OTHER_TRADES)?.[0], path).toBeUndefined();
  }
  // "Mon cabinet": the demo lawyer manages the firm, registered by its SIRET (14 digits, checked key).
  await page.goto('/user/mon-etude');
  await expect(page.getByLabel('SIRET du cabinet')).toHaveValue(/^\d{14}$/);
  // The bar is chosen from the French bars' list and shown on the public profile.
  await page.goto('/user/setting');
  await expect(page.getByLabel('Barreau')).toHaveValue('Barreau de Paris');
});

test('no mail the lawyers’ site sent during the run uses a notary’s words', async ({ request }) => {
  // At least the registration request's two mails (the applicant's acknowledgement, the administrators' notice
  // naming the SIRET), whatever ran before.
  const applicant = `hugo.lefevre.${Date.now()}@example.fr`;
  const sent = await request.post('/api/v1/registration-requests', {
    data: {
      civility: 'M.',
      first_name: 'Hugo',
      last_name: 'Lefèvre',
      email: applicant,
      phone: '06 12 34 56 78',
      officeName: 'Cabinet Lefèvre',
      officeNumber: '732 829 320 00074',
      city: 'Paris',
    },
  });
  expect(sent.status()).toBe(201);
  await waitForMail(applicant, /.+/);
  const mails = await allMails();
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    const text = `${mail.subject}\n${mail.text ?? ''}\n${visibleText(mail.html ?? '')}`;
    expect(text.match(OTHER_TRADES)?.[0], mail.subject).toBeUndefined();
  }
});

import { completeSiret } from '@rdv/sectors';
import { expect, test } from '@playwright/test';
import { withDb } from './db';
import { DEMO } from './demo-accounts';
import { pngPhoto, uploadCroppedPhoto } from './images';
import { waitForMail } from './mailbox';

// A new lawyer finishes sign-up, completes the findable profile (commune, address, speciality,
// fees), appears on the city and city + speciality listings; the phone reveals from the public profile
// show on the calls page and the dashboard; the lawyer creates their office, whose public page lists them.

test('a new lawyer completes the profile, is listed in the city, and sees the calls of the public profile', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  /** A SIRET (valid key) nobody has: the 13 digits of the clock and the check digit. */
  const officeSiret = completeSiret(String(Date.now()));
  const email = `profil.${tag}@e2e.test`;
  const lastName = `Profil ${tag}`;
  const adminLogin = await request.post('/api/v1/auth/admin/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  const adminToken = (await adminLogin.json()).token as string;
  const created = await request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { first_name: 'Léa', last_name: lastName, email },
  });
  expect(created.status()).toBe(201);
  const { _id: userId, userUri } = (await created.json()) as { _id: string; userUri: string };
  const [speciality] = (await (await request.get('/api/v1/specialities')).json()) as Array<{
    slug: string;
    name: string;
  }>;

  try {
    // ---- sign-up from the mailed link
    const mail = await waitForMail(email, /Finalisez votre inscription/);
    const link = /https?:\/\/[^\s"<>]+\/user\/inscription\/[^\s"<>]+\?token=[^\s"<>]+/.exec(
      mail.text ?? '',
    )?.[0];
    const { pathname, search } = new URL(link!);
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe');
    await page.getByLabel('Confirmation du mot de passe').fill('une phrase de passe');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByRole('checkbox', { name: /conditions générales d’utilisation/ }).check();
    await page.getByRole('checkbox', { name: /politique de protection des données/ }).check();
    await page.getByRole('button', { name: 'Activer mon compte' }).click();

    // ---- the dashboard says what keeps the profile out of the directory
    await expect(page.getByText('Pas encore visible')).toBeVisible();
    await expect(page.getByText('Ville d’exercice', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Compléter mon profil' }).click();

    // ---- "Mon activité": commune, address, speciality, fees
    const form = page.getByRole('form', { name: 'Mon activité' });
    await expect(form).toBeVisible();
    await form.getByLabel(/Ville d’exercice/).fill('Besanç');
    await page.getByRole('option', { name: 'Besançon (25000)' }).click();
    await form.getByLabel('Adresse du cabinet').fill('4 rue de la Préfecture');
    await form.getByLabel('Domaines de compétence').click();
    await page.getByRole('option', { name: speciality.name, exact: true }).click();
    await form.getByLabel('Honoraires').fill('Première consultation : 70 € TTC');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Votre profil apparaît dans l’annuaire de votre ville')).toBeVisible();

    // ---- the number the profile reveals is one the lawyer publishes, not the mobile of the sign-up
    const profileForm = page.getByRole('form', { name: 'Mon profil' });
    await profileForm.getByLabel('Téléphone affiché sur votre profil').fill('03 81 00 00 00');
    await profileForm.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Profil enregistré')).toBeVisible();

    // ---- listed on the city page and the city + speciality page
    await page.goto('/avocats/besancon');
    await expect(page.getByRole('link', { name: new RegExp(`Léa ${lastName}`) }).first()).toBeVisible();
    await page.goto(`/avocats/besancon/${speciality.slug}`);
    await expect(page.getByRole('link', { name: new RegExp(`Léa ${lastName}`) }).first()).toBeVisible();

    // ---- the public profile: address, fees, and a phone reveal
    await page.goto(`/avocat/${userUri}`);
    await expect(page.locator('main address')).toContainText('4 rue de la Préfecture');
    await expect(page.getByText('Première consultation : 70 € TTC')).toBeVisible();
    await page.getByRole('button', { name: 'Afficher le numéro' }).click();
    await expect(page.getByText('03 81 00 00 00')).toBeVisible();
    await expect(page.getByText(/06 12 34 56 78/)).toHaveCount(0);

    // ---- the calls page and the dashboard count it
    await page.goto('/user/appels');
    await expect(page.getByText('1 appel ces 30 derniers jours')).toBeVisible();
    await page.goto('/user/dashboard');
    await expect(page.getByLabel('1 appel ce mois-ci via votre page publique')).toBeVisible();

    // ---- "Mon cabinet": a SIRET another office has is refused on its field, then the office is created
    await page
      .getByRole('link', { name: /Mon cabinet/ })
      .first()
      .click();
    const office = page.getByRole('form', { name: 'Créer mon cabinet' });
    await office.getByLabel(/Nom du cabinet/).fill(`Cabinet Profil ${tag}`);
    // The first demo office's SIRET, typed as the Insee prints it.
    await office.getByLabel(/SIRET du cabinet/).fill('840 001 001 00014');
    await office.getByLabel('Commune').fill('Besanç');
    await page.getByRole('option', { name: 'Besançon (25000)' }).click();
    await office.getByLabel('Présentation').fill('Un cabinet créé par le parcours de bout en bout.');
    await office.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(office.getByText('Un cabinet avec ce SIRET existe déjà')).toBeVisible();
    await office.getByLabel(/SIRET du cabinet/).fill(officeSiret);
    await office.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('list', { name: 'Membres du cabinet' })).toContainText(
      `Léa ${lastName} (vous)`,
    );
    await expect(page.getByText('Gestionnaire')).toBeVisible();
    await uploadCroppedPhoto(page, pngPhoto(300));
    await expect(page.getByText('La photo du cabinet est enregistrée.')).toBeVisible();

    // ---- the public office page lists its member
    const officeHref = await page
      .getByRole('link', { name: 'Voir la page publique du cabinet' })
      .getAttribute('href');
    await page.goto(officeHref!);
    await expect(page.getByRole('heading', { level: 1, name: `Cabinet Profil ${tag}` })).toBeVisible();
    await expect(page.getByText('Un cabinet créé par le parcours de bout en bout.')).toBeVisible();
    await expect(page.locator('img.office__picture')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Léa ${lastName}`) }).first()).toBeVisible();
  } finally {
    await withDb(async (db) => {
      await db.query('DELETE FROM teams WHERE ext_id = $1', [officeSiret]);
      await db.query('DELETE FROM users WHERE id = $1', [userId]);
    });
  }
});

import { expect, test, type Page } from '@playwright/test';
import { createProfessionalWithoutAgenda, withDb, type FreshProfessional } from './db';
import { DEMO } from './demo-accounts';
import { pngPhoto } from './images';

// "a professional can opt out of indexing" and "an optional message to the office's team
// messaging tool", from the professional's settings page /user/setting to what the public site serves.

async function signIn(page: Page, professional: FreshProfessional) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

test('a professional edits the public profile and takes it out of search engines, then back in', async ({
  page,
  request,
}) => {
  const professional = await createProfessionalWithoutAgenda(
    'reglages',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  const profileUrl = `/avocat/${professional.userUri}`;
  await signIn(page, professional);
  await page.goto('/user/setting');

  const profile = page.getByRole('form', { name: 'Mon profil' });
  await profile.getByLabel('Titre de présentation').fill('Avocate au barreau de Paris, droit associatif');
  await profile.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré')).toBeVisible();
  const publicPage = await request.get(profileUrl);
  expect(publicPage.status()).toBe(200);
  expect(publicPage.headers()['x-robots-tag']).toBeUndefined();
  expect(await publicPage.text()).toContain('Avocate au barreau de Paris, droit associatif');
  expect(await (await request.get('/sitemaps/profiles.xml')).text()).toContain(profileUrl);

  // The photo: sent from the settings page, shown on the public profile, served as an immutable image.
  await page.getByLabel('Changer la photo').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: pngPhoto(480),
  });
  // The crop dialog: the square is cut in the browser (JPEG), the server re-encodes it.
  const crop = page.getByRole('dialog', { name: 'Recadrer la photo' });
  await expect(crop.locator('img')).toBeVisible();
  await crop.getByRole('slider', { name: 'Zoom' }).press('ArrowRight');
  const upload = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/picture'));
  await crop.getByRole('button', { name: 'Recadrer et enregistrer' }).click();
  // Sent as a multipart upload, which the API streams (the browser does not expose the file part to the test).
  expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  await expect(page.getByText('Votre photo est enregistrée.')).toBeVisible();
  const withPhoto = await page.context().newPage();
  await withPhoto.goto(profileUrl);
  const photo = withPhoto.getByRole('img', { name: new RegExp(professional.lastName) }).first();
  await expect(photo).toBeVisible();
  const photoUrl = new URL((await photo.getAttribute('src'))!, page.url()).pathname;
  const served = await request.get(photoUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toContain('immutable');
  await withPhoto.close();

  const indexing = page.getByRole('switch', { name: /Apparaître dans les moteurs de recherche/ });
  await expect(indexing).toBeChecked();
  await indexing.click();
  await expect(page.getByText(/Désactivé : votre page reste visible sur le site/)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('switch', { name: /Apparaître dans les moteurs de recherche/ }),
  ).not.toBeChecked();

  const hidden = await page.context().newPage();
  await hidden.goto(profileUrl);
  await expect(hidden.getByRole('heading', { level: 1 })).toContainText(professional.lastName);
  await expect(hidden.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect((await request.get(profileUrl)).headers()['x-robots-tag']).toBe('noindex');
  expect(await (await request.get('/sitemaps/profiles.xml')).text()).not.toContain(profileUrl);

  await page.getByRole('switch', { name: /Apparaître dans les moteurs de recherche/ }).click();
  await expect(page.getByText(/Activé : votre page peut apparaître/)).toBeVisible();
  await hidden.reload();
  await expect(hidden.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
  expect((await request.get(profileUrl)).headers()['x-robots-tag']).toBeUndefined();
  expect(await (await request.get('/sitemaps/profiles.xml')).text()).toContain(profileUrl);
});

test("a professional of an office sets the team's incoming webhook; it is kept after a reload", async ({
  page,
}) => {
  const professional = await createProfessionalWithoutAgenda(
    'messagerie',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  await withDb(async (db) => {
    const team = await db.query(
      `INSERT INTO teams (team_uri, name, ext_id, is_demo) VALUES ($1, $2, $3, true) RETURNING id`,
      [`cabinet-${professional.username}`, `Cabinet ${professional.lastName}`, `E2E${Date.now()}`],
    );
    await db.query('UPDATE users SET team_id = $1 WHERE id = $2', [team.rows[0].id, professional.id]);
  });
  await signIn(page, professional);
  // An office an administrator created has no manager yet: its first member manages it, messaging included.
  await page.goto('/user/mon-etude');

  const form = page.getByRole('form', { name: 'Messagerie d’équipe' });
  await form.getByLabel('URL du webhook entrant').fill('pas une adresse');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('L’adresse du webhook doit être une URL http(s)')).toBeVisible();

  await form.getByLabel('URL du webhook entrant').fill('https://hooks.example.fr/services/cabinet');
  await form.getByLabel('Message').fill('Nouvelle demande : {{attendee.name}} le {{appointment.date}}');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Messagerie d’équipe enregistrée')).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Messagerie d’équipe' });
  await expect(reloaded.getByLabel('URL du webhook entrant')).toHaveValue(
    'https://hooks.example.fr/services/cabinet',
  );
  await expect(reloaded.getByLabel('Message')).toHaveValue(
    'Nouvelle demande : {{attendee.name}} le {{appointment.date}}',
  );
  await expect(reloaded.getByRole('switch', { name: /Prévenir l’équipe/ })).toBeChecked();
});

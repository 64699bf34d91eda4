import { expect, test, type Page } from '@playwright/test';

// The notary variant, built and run with SECTOR=notary, reads as a notaries' directory from the
// home page to a profile: blue, "notaire" words and routes, schema.org Notary, the notaries' own
// specialities and demo data. The expected words are written out here, not read from @rdv/sectors, so a
// wrong word in the sector's configuration fails this test.
const BLUE = '#1a4f9c';
const BLUE_RGB = 'rgb(26, 79, 156)';

/** The page's visible text must never name the lawyers' profession. */
async function expectNoLawyerWords(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/avocat|barreau/i);
}

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      const type = (node as Record<string, unknown>)['@type'];
      if (typeof type === 'string') types.push(type);
      Object.values(node).forEach(walk);
    }
  };
  blocks.forEach((block) => walk(JSON.parse(block)));
  return types;
}

test('the home page is the notaries’ one, in blue', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/RDV Notaire/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trouvez le bon notaire partout en France',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', BLUE);
  await expect(page.getByRole('button', { name: 'Rechercher' })).toHaveCSS('background-color', BLUE_RGB);
  // The search form offers the notaries' specialities, not the lawyers' 26 mentions.
  const specialities = page.getByLabel('Domaines de compétences');
  await expect(specialities.locator('option', { hasText: 'Successions et donations' })).toHaveCount(1);
  await expect(specialities.locator('option', { hasText: 'Droit pénal' })).toHaveCount(0);
  await expect(page.locator('a[href="/notaires"]').first()).toBeAttached();
  await expectNoLawyerWords(page);
  // The lawyers' route words do not exist in this build.
  expect((await page.request.get('/avocats')).status()).toBe(404);
});

test('a visitor searches notaries in Paris by speciality and opens a notary’s profile', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Ville ou code postal').fill('Paris');
  await page.getByLabel('Domaines de compétences').selectOption('successions-et-donations');
  await page.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page).toHaveURL(/\/notaires\/paris\/successions-et-donations$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Notaires');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Paris');
  await expect(page).toHaveTitle(/Notaires.*Paris/);
  // The demo notary of the seed, with the notaries' demo data.
  const card = page.locator('article.pro-card', { hasText: 'Camille Durand' });
  await expect(card).toContainText('Successions et donations');
  await expectNoLawyerWords(page);

  await card.getByRole('link', { name: 'Camille Durand', exact: true }).click();
  await expect(page).toHaveURL(/\/notaire\/camille-durand$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille Durand');
  await expect(page).toHaveTitle('Camille Durand, notaire à Paris | RDV Notaire');
  await expect(page.getByText('Notaire à Paris').first()).toBeVisible();
  expect(await jsonLdTypes(page)).toContain('Notary');
  expect(await jsonLdTypes(page)).not.toContain('LegalService');
  await expectNoLawyerWords(page);

  // Her appointment reasons are a notary's, and an appointment in person is "à l’étude".
  const booking = page.getByRole('region', { name: 'Prendre rendez-vous' });
  await booking.getByRole('link', { name: 'Prendre rendez-vous' }).click();
  const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec .*Camille Durand/ });
  await dialog.getByRole('radio', { name: /Premier rendez-vous \(succession, donation, vente\)/ }).check();
  await expect(dialog.getByRole('radio', { name: 'À l’étude' })).toBeVisible();
});

test('the office page is an étude, typed Notary for search engines', async ({ page }) => {
  await page.goto('/notaire/camille-durand');
  const office = page.locator('address').getByRole('link').first();
  const officeName = (await office.innerText()).trim();
  expect(officeName).toMatch(/^Étude /);
  await office.click();
  await expect(page).toHaveURL(/\/etude\/etude-[a-z-]+-paris$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(officeName);
  expect(await jsonLdTypes(page)).toContain('Notary');
  await expectNoLawyerWords(page);
});

test('no public page of the notaries’ site speaks of lawyers, a cabinet or legal aid', async ({
  request,
}) => {
  const paths = [
    '/',
    '/notaires',
    '/notaires/paris',
    '/notaires/departement/75',
    '/notaire/camille-durand',
    '/domaines-de-competences',
    '/guide-des-demarches-aupres-de-votre-notaire',
    '/demande-inscription',
    '/cgu',
    '/cgv',
    '/mentions-legales',
    '/politique-de-confidentialite',
    '/participant/connexion',
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // The server-rendered text, footer included (it shows after 3 s in the browser), without scripts.
    const text = (await response.text())
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' ');
    expect(text, path).toContain('RDV Notaire');
    expect(text, path).not.toMatch(/avocat|barreau|cabinet|aide juridictionnelle/i);
  }
  // The specialities page lists the notaries' reference list.
  const specialities = await (await request.get('/domaines-de-competences')).text();
  for (const name of ['Successions et donations', 'Vente immobilière', 'Droit rural']) {
    expect(specialities).toContain(name);
  }
  expect(specialities).not.toContain('Droit pénal');
  // The guide has the notaries' own articles.
  const guide = await (await request.get('/guide-des-demarches-aupres-de-votre-notaire')).text();
  expect(guide).toContain('Préparer son rendez-vous chez le notaire pour une succession');
});

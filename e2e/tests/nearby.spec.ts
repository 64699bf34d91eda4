import { expect, test } from '@playwright/test';
import { createProfessionalWithoutAgenda, withDb } from './db';
import { DEMO } from './demo-accounts';

// Issue 14 point 1: a client on a phone looks for a lawyer in Brest, where nobody is registered, and finds
// the ones practising nearby, each with its distance; the city page keeps its canonical URL.
test.use({ viewport: { width: 390, height: 844 } });

test('a client looking in Brest finds the lawyers of nearby communes with their distance', async ({
  page,
}) => {
  const lawyer = await createProfessionalWithoutAgenda(
    'proche-brest',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  await withDb((db) =>
    db.query(
      `UPDATE users u SET city_id = c.id, latitude = c.latitude, longitude = c.longitude
       FROM cities c WHERE c.city_uri = 'guipavas' AND u.id = $1`,
      [lawyer.id],
    ),
  );
  try {
    await page.goto('/avocats/brest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avocats à Brest');
    await expect(page.getByText(/Aucun avocat trouvé pour votre recherche à Brest, mais/)).toBeVisible();
    const nearby = page.getByRole('region', { name: 'Avocats près de Brest' });
    const card = nearby.getByRole('article', { name: new RegExp(lawyer.lastName) });
    await expect(card.getByText(/^À \d+ km : Guipavas$/)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/avocats\/brest$/);

    // A narrower radius is a filter: same content around, not indexed.
    await nearby.getByRole('link', { name: '10 km' }).click();
    await expect(page).toHaveURL(/\/avocats\/brest\?rayon=10#proximite$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page
      .getByRole('region', { name: 'Avocats près de Brest' })
      .getByRole('link', { name: `Voir le profil de ${lawyer.firstName} ${lawyer.lastName}` })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lawyer.lastName);
  } finally {
    await withDb((db) => db.query('DELETE FROM users WHERE id = $1', [lawyer.id]));
  }
});

test('a commune typed with an abbreviation leads to the right city page', async ({ page }) => {
  const response = await page.goto('/avocats/st-etienne');
  expect(response?.status()).toBe(404);
  const suggestions = page.getByRole('navigation', { name: 'Communes proches de votre recherche' });
  await suggestions.getByRole('link', { name: 'Saint-Étienne (42)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avocats à Saint-Étienne');
});

test('the directory leads to a department page that lists its communes and professionals', async ({
  page,
}) => {
  await page.goto('/avocats');
  await page.getByRole('link', { name: /^75 Paris$/ }).click();
  await expect(page).toHaveURL(/\/avocats\/departement\/75$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Avocats dans le département Paris \(75\)$/,
  );
  await expect(
    page.getByRole('navigation', { name: 'Communes du département Paris' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
});

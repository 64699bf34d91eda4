import { expect, test, type APIRequestContext } from '@playwright/test';
import { ensureProfessionalsInCity } from './db';

// The public directory journeys, through the single origin with the seeded demo data.

/** The commune of the demo data with the most professionals. */
async function biggestCity(request: APIRequestContext): Promise<{ cityUri: string; name: string }> {
  const grouped = await (await request.get('/api/v1/cities?withProfessionals=true')).json();
  return grouped
    .flatMap((g: { cities: Array<{ cityUri: string; name: string; count: number }> }) => g.cities)
    .sort((a: { count: number }, b: { count: number }) => b.count - a.count)[0];
}

/** A professional on the first page of the biggest commune's listing who has free slots to book. */
async function bookableOnFirstPage(request: APIRequestContext) {
  const city = await biggestCity(request);
  const search = await (await request.get(`/api/v1/search?cityUri=${city.cityUri}&page=1&perPage=20`)).json();
  const professional = search.items.find(
    (p: { accepts_online_booking: boolean; nextSlots: unknown[] }) =>
      p.accepts_online_booking && p.nextSlots.length > 0,
  );
  return { city, professional };
}

test('a visitor searches a city and a speciality, opens a profile, then the office', async ({
  page,
  request,
}) => {
  // pick a professional of the demo data who belongs to an office, to search for what they do
  const city = await biggestCity(request);
  const search = await (await request.get(`/api/v1/search?cityUri=${city.cityUri}&perPage=50`)).json();
  const professional = search.items.find((p: { team: unknown }) => p.team);
  const speciality = professional.specialities[0];

  await page.goto('/');
  await page.getByLabel('Ville ou code postal').fill(city.name);
  await page.getByLabel('Domaines de compétences').selectOption(speciality.slug);
  await page.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page).toHaveURL(new RegExp(`/avocats/${city.cityUri}/${speciality.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(city.name);
  const name = `${professional.first_name} ${professional.last_name}`;
  await page.getByRole('link', { name, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/avocat/${professional.userUri}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('heading', { name: 'Prendre rendez-vous' })).toBeVisible();
  const office = page.locator('address').getByRole('link', { name: professional.team.name });
  await office.click();

  await expect(page).toHaveURL(new RegExp(`/etude/${professional.team.teamUri}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(professional.team.name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

test('a slot on a listing card opens the profile with that slot chosen, in the same page load', async ({
  page,
  request,
}) => {
  // The cards' links are plain anchors followed client-side (public-ui/app/lib/plain-links.ts): on a slow phone a
  // slot opens the profile without loading a new document.
  const { city, professional } = await bookableOnFirstPage(request);
  const name = `${professional.first_name} ${professional.last_name}`;

  await page.goto(`/avocats/${city.cityUri}`);
  await page.waitForLoadState('networkidle'); // hydrated: the click handler is in place
  await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
  const card = page
    .locator('article.pro-card')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  const slot = card.locator('a.slot').first();
  const label = (await slot.textContent())!.replace('Réserver le ', '').trim();
  await slot.click();

  await expect(page).toHaveURL(new RegExp(`/avocat/${professional.userUri}\\?creneau=`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const booking = page.locator('#prendre-rendez-vous');
  await expect(booking.locator('a.slot[aria-current="true"]')).toHaveText(
    new RegExp(label.replace(/\s+/g, '\\s*')),
  );
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
});

test('a listing sends its cards once, as markup, with their slots asked by the browser; a client-side navigation gets them as data', async ({
  page,
  request,
}) => {
  const { city, professional } = await bookableOnFirstPage(request);

  const html = await (await request.get(`/avocats/${city.cityUri}`)).text();
  const hydrationData = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, body]) => body)
    .filter((body) => body.includes('streamController.enqueue'))
    .join('');
  expect(hydrationData).toContain('loaderData');
  // The card is in the markup, its slots' place holds the professional for the browser to ask...
  expect(html).toContain(`>${professional.first_name} ${professional.last_name}</a>`);
  expect(html).toContain(`data-next-slots="${professional._id}"`);
  expect(html).not.toContain('class="slot"');
  // ...and no card's data comes again for React to rebuild it.
  expect(hydrationData).not.toContain('presentation_title');
  expect(hydrationData).not.toContain(professional._id);
  // Nothing the parser would fetch before the first paint: the page's modules are started by the after-paint loader
  // (a React Router whose markup the server no longer recognised would leave its preloads here).
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toContain(".forEach(function(h){var l=document.createElement('link');l.rel='modulepreload'");
  // The route's data, as a client-side navigation fetches it, does carry the cards.
  const data = await (await request.get(`/avocats/${city.cityUri}.data`)).text();
  expect(data).toContain('presentation_title');
  expect(data).toContain(professional.userUri);

  // In the browser: the slots arrive in the card, and nothing else of the page was rebuilt.
  await page.goto(`/avocats/${city.cityUri}`);
  const card = page.locator('article.pro-card').filter({
    has: page.getByRole('link', {
      name: `${professional.first_name} ${professional.last_name}`,
      exact: true,
    }),
  });
  const before = await card.first().elementHandle();
  await expect(card.first().locator('.card-slots').getByRole('link').first()).toBeVisible();
  expect(await page.evaluate((node) => node?.isConnected, before)).toBe(true);
});

test('a city listing is paginated with crawlable links, 20 per page', async ({ page }) => {
  await ensureProfessionalsInCity('annecy', 'droit-penal', 25, 'e2e-annecy');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/avocats/annecy/droit-penal');
  // The page's own results (the last page adds a section of lawyers who consult remotely, not counted here).
  const results = page.locator('#resultats article.pro-card');
  await expect(results).toHaveCount(20);
  const next = page.locator('a[rel="next"]');
  await expect(next).toHaveAttribute('href', /page=2/);
  await next.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(results).toHaveCount(5);
  await expect(page.locator('a[rel="prev"]')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/avocats\/annecy\/droit-penal\?page=2$/,
  );
});

test('an empty search says no lawyer was found', async ({ page }) => {
  await page.goto('/avocats/annecy/droit-rural');
  await expect(page.getByText('Aucun avocat trouvé pour votre recherche')).toBeVisible();
});

test('the sitemap index lists the profile, city and article sitemaps with real URLs', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  for (const part of ['profiles', 'cities', 'articles']) expect(index).toContain(`/sitemaps/${part}.xml`);
  const profiles = await (await request.get('/sitemaps/profiles.xml')).text();
  expect(profiles).toMatch(/<loc>http[^<]+\/avocat\/[a-z0-9-]+<\/loc>/);
  const cities = await (await request.get('/sitemaps/cities.xml')).text();
  expect(cities).toMatch(/<loc>http[^<]+\/avocats\/[a-z0-9-]+<\/loc>/);
  expect(cities).toMatch(/<loc>http[^<]+\/avocats\/[a-z0-9-]+\/droit-[a-z0-9-]+<\/loc>/);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap:');
});

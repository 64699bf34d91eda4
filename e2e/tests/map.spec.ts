import { expect, test, type Page, type Request } from '@playwright/test';

// A client opens the map of a city listing, on a phone and on a desktop: Leaflet arrives only then, its tiles
// come from the stack's loopback tile stub (scripts/tile-fake.mjs), nothing is asked of any other host, and the
// map and the list answer each other without the map ever standing over the list.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const tileOrigin = `http://127.0.0.1:${base + 49}`;

/** Every request leaving the machine is refused and kept, for the test to say none was tried. */
async function onlyThisMachine(page: Page) {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return outside;
}

/** The busiest city's listing, from the seeded data. */
/** The communes that have professionals, the busiest first. */
async function citiesByCount(page: Page): Promise<string[]> {
  const grouped = await (await page.request.get('/api/v1/cities?withProfessionals=true')).json();
  const groups: Array<{ cities: Array<{ cityUri: string; count: number }> }> = Array.isArray(grouped)
    ? grouped
    : (grouped.items ?? grouped.departments ?? []);
  return groups
    .flatMap((g) => g.cities)
    .sort((a, b) => b.count - a.count)
    .map((city) => city.cityUri);
}

async function busiestCity(page: Page): Promise<string> {
  return (await citiesByCount(page))[0];
}

type Card = { userUri: string; team: unknown; locationPrecision: 'address' | 'commune' };

/**
 * A professional placed at their street address (a profile only draws the office map then), in the busiest commune
 * that has one: other journeys add professionals without an address (pagination fixtures), which can make their
 * commune the busiest.
 */
async function professionalWithAddress(page: Page): Promise<Card> {
  for (const cityUri of await citiesByCount(page)) {
    const search = await (
      await page.request.get(`/api/v1/search?cityUri=${cityUri}&page=1&perPage=50`)
    ).json();
    const placed = (search.items as Card[]).filter((card) => card.locationPrecision === 'address');
    const found = placed.find((card) => card.team) ?? placed[0];
    if (found) return found;
  }
  throw new Error('no professional of the demo data is placed at an address');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the listing's map at ${viewport.width} px: lazy, in sync with the cards, beside or above the list`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const outside = await onlyThisMachine(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const tiles: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${tileOrigin}/`)) tiles.push(response.status());
    });
    // The map's chunk: Leaflet, its styles and the marker/card sync (public-ui components/map/MapPanel.tsx).
    const leafletFetched = () => requests.some((r) => /\/assets\/MapPanel-[\w-]+\.(js|css)$/.test(r.url()));

    await page.goto(`/avocats/${await busiestCity(page)}`);
    const list = page.getByRole('region', { name: /^Résultats/ });
    const cards = list.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Voir la carte' });
    await expect(toggle).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(leafletFetched()).toBe(false);

    await toggle.click();
    const map = page.getByRole('region', { name: 'Carte des résultats' });
    await expect(map).toBeVisible();
    expect(leafletFetched()).toBe(true);
    await expect(page.getByRole('button', { name: 'Masquer la carte' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // One marker per card of the page (a phone folds the second half of the cards, the map shows them all),
    // each titled with its professional (approximate or not: the demo's addresses are geocoded, the journeys'
    // professionals sit at their commune's centre; the unit tests cover the marking).
    const markers = map.locator('.leaflet-marker-icon');
    await expect(markers).toHaveCount(await list.locator('article').count());
    const thirdName = (await cards.nth(2).getByRole('heading', { level: 3 }).textContent())!.trim();
    const third = map.getByRole('button', { name: new RegExp(`^${thirdName}`) });
    await expect(third).toHaveAttribute('title', new RegExp(`^${thirdName}`));
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles.every((status) => status === 200)).toBe(true);
    await expect(map.getByText(/Simulation — fond de carte local/)).toBeVisible();

    // The map never stands over the list: beside it on a desktop, above it on a phone.
    const mapBox = (await map.boundingBox())!;
    const listBox = (await page.locator('.results-map__list').boundingBox())!;
    if (viewport.width >= 1024) expect(mapBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    else expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(listBox.y);

    // A marker chosen with the keyboard: its card is highlighted, in view, and has the focus.
    await third.focus();
    await page.keyboard.press('Enter');
    const thirdItem = page
      .locator('li.results__item')
      .filter({ has: page.getByRole('heading', { name: thirdName }) });
    await expect(thirdItem).toHaveClass(/results__item--active/);
    await expect(thirdItem).toBeFocused();
    await expect(thirdItem).toBeInViewport();
    await expect(third).toHaveClass(/map-marker--active/);

    // A card hovered: its marker is highlighted; a marker clicked: its card.
    const firstName = (await cards.first().getByRole('heading', { level: 3 }).textContent())!.trim();
    await cards.first().hover();
    await expect(map.getByRole('button', { name: new RegExp(`^${firstName}( \\(|$)`) })).toHaveClass(
      /map-marker--active/,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await map.getByRole('button', { name: new RegExp(`^${firstName}( \\(|$)`) }).click();
    await expect(page.locator('li.results__item').first()).toHaveClass(/results__item--active/);

    // The list stays usable with the map open: a card's link leads to its profile.
    await cards.nth(2).getByRole('link', { name: thirdName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(thirdName.split(' ').at(-1)!);
    expect(outside).toEqual([]);
  });
}

test('the office map of a profile loads once scrolled to, from the tile stub only', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const outside = await onlyThisMachine(page);
  const tiles: number[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${tileOrigin}/`)) tiles.push(response.status());
  });
  const pro = await professionalWithAddress(page);
  await page.goto(`/avocat/${pro.userUri}`);
  const map = page.getByRole('region', { name: /^Plan : adresse/ });
  await expect(map).toHaveCount(0);
  await page.locator('.place-map').scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(outside).toEqual([]);
});

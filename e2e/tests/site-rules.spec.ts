import { expect, test } from '@playwright/test';

// The spec's redirects, error pages and layout timings, through the single origin.

test.describe('redirects', () => {
  const cases: Array<[string, number, string | null]> = [
    ['/fr', 301, '/'],
    ['/fr/', 301, '/'],
    ['/en/avocats', 301, '/fr/avocats'],
    ['/fr/avocats', 301, '/avocats'],
    [
      '/guide-des-demarches-aupres-de-votre-avocat/c%C5%93ur',
      301,
      '/guide-des-demarches-aupres-de-votre-avocat/coeur',
    ],
  ];
  for (const [from, status, to] of cases) {
    test(`${from} answers ${status} to ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      expect(new URL(response.headers()['location'], 'http://x').pathname).toBe(to);
    });
  }

  test('an unsupported language prefix is a 404 page', async ({ request }) => {
    const response = await request.get('/de/avocats', { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page introuvable');
  });
});

test('an unknown page shows "Page introuvable", its status code and a link home', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await expect(page.getByText(/supprimée ou n.a jamais existé/)).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page
    .getByRole('link', { name: /accueil/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('the footer appears after 3 s and the cookie card after 10 s; refusing is one click', async ({
  page,
  context,
}) => {
  // time stands still until the test moves it
  await page.clock.install({ time: new Date('2026-11-23T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-23T09:00:01Z'));
  await page.goto('/avocats');
  // The page's scripts start two animation frames after its first paint, and frames follow the paused clock: let
  // them pass, then wait for the scripts (the timers start once the page is interactive).
  await page.clock.runFor(100);
  await page.waitForLoadState('networkidle');
  const footer = page.locator('footer.site-footer');
  const card = page.getByRole('region', { name: 'Vos choix en matière de cookies' });
  await expect(footer).toBeHidden();
  await page.clock.runFor(2_900);
  await expect(footer).toBeHidden();
  await page.clock.runFor(200);
  await expect(footer).toBeVisible();
  await expect(card).toBeHidden();
  await page.clock.runFor(7_000);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Tout refuser' }).click();
  await expect(card).toBeHidden();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'rdv_consent')?.value)
    .toBe('refused');
  // the choice holds on the next page: no card again
  await page.goto('/');
  await page.clock.runFor(100);
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(11_000);
  await expect(page.locator('footer.site-footer')).toBeVisible();
  await expect(card).toBeHidden();
});

test('consent mode starts with every storage denied and waits 1000 ms', async ({ page }) => {
  await page.goto('/');
  const consent = await page.evaluate(() =>
    (window as unknown as { dataLayer: unknown[] }).dataLayer?.map((e) =>
      Array.from(e as ArrayLike<unknown>),
    ),
  );
  expect(consent).toContainEqual([
    'consent',
    'default',
    expect.objectContaining({
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      wait_for_update: 1000,
    }),
  ]);
});

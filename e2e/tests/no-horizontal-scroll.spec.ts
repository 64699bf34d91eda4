import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './demo-accounts';

// No horizontal scroll on the pages found too wide: the professional's calls (1,687 px at 1,366), the console's
// dashboard (1,631 px at 1,366) and, at 390 px, the console's dashboard and site configuration. Each page is
// measured once its content (charts included) has rendered.

async function signInAsProfessional(page: Page) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

async function signInToConsole(page: Page) {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel(/Email/).fill(DEMO.admin.email);
  await page.getByLabel(/Mot de passe/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Connexion' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The page is no wider than the window: nothing to scroll sideways (soft: every page of the walk is measured). */
async function expectNoHorizontalScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    content: document.scrollingElement!.scrollWidth,
    window: window.innerWidth,
  }));
  expect
    .soft(widths.content, `${what}: ${widths.content} px wide in a ${widths.window} px window`)
    .toBeLessThanOrEqual(widths.window);
}

for (const width of [1366, 390] as const) {
  test(`no horizontal scroll at ${width} px: calls, console dashboard, site configuration`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    try {
      const pro = await context.newPage();
      await signInAsProfessional(pro);
      await pro.goto('/user/appels');
      await expect(pro.getByRole('heading', { name: 'Appels', level: 1 })).toBeVisible();
      await expect(pro.getByRole('table', { name: /^Appels / })).toBeAttached();
      await expect(
        pro
          .locator('svg')
          .filter({ has: pro.locator('rect') })
          .first(),
      ).toBeVisible();
      await expectNoHorizontalScroll(pro, '/user/appels');

      const admin = await context.newPage();
      await signInToConsole(admin);
      await expect(admin.getByRole('group', { name: /^Nouveaux avocats : \d+$/ })).toBeVisible();
      await expect(admin.getByRole('img', { name: /Rendez-vous par jour sur 30 jours/ })).toBeVisible();
      await expectNoHorizontalScroll(admin, '/admin/dashboard');

      await admin.goto('/admin/site-config');
      await expect(admin.getByRole('tab', { name: 'Général' })).toBeVisible();
      await expect(admin.getByLabel('Fuseau horaire par défaut')).toBeVisible();
      await expectNoHorizontalScroll(admin, '/admin/site-config');
    } finally {
      await context.close();
    }
  });
}

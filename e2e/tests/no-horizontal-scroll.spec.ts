import { expect, test, type Page } from '@playwright/test';
import { SECTORS } from '@rdv/sectors';
import {
  consoleCustomPages,
  consoleResources,
  matchesPattern,
  professionalSpacePages,
  publicSitePatterns,
} from './app-routes';
import { signInAsDemoClient, signInAsDemoProfessional, signInToConsole } from './demo-accounts';
import { publicPages } from './public-pages';

// No horizontal scroll, at 1,366 px and on a 390 px phone, on every page of the three apps: the public site (its
// route configuration checked against the walk), the professional space and the console (their pages read from
// their route configurations) signed in as the demo accounts. The first test keeps the pages once found too wide
// (the calls, the console's dashboard and site configuration), measured once their charts have rendered.

/** The client's pages, walked signed in as the demo client (the first one after the sign-in). */
const SIGNED_IN_CLIENT_PAGES = ['/participant/mes-rdvs', '/participant/profil'];

/**
 * Public pages opened only from a mail's signed link (an appointment's reference, an availability request, a
 * password reset or address confirmation token, a review invitation, a slot alert): no demo URL to walk.
 */
const PUBLIC_PAGES_NEEDING_A_TOKEN = new Set([
  '/avis',
  '/alertes/arreter',
  '/alertes/confirmer',
  '/participant/mot-de-passe-oublie',
  '/participant/reinitialiser-mot-de-passe',
  '/participant/confirmer-email',
  '/appointments/:refAppointment',
  '/events-responses/:id_event',
  // Back from the payment provider's hosted page, with its checkout session.
  '/paiement/retour',
]);

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
      await signInAsDemoProfessional(pro);
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

  test(`no horizontal scroll at ${width} px on every page of the public site`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const pages = [
      ...(await publicPages(request)),
      `/${SECTORS.lawyer.routes.directory}/departement/75`,
      ...SIGNED_IN_CLIENT_PAGES,
    ];
    // Every page route of the public site's configuration is walked (a new one must be given a real URL above).
    const unwalked = publicSitePatterns(SECTORS.lawyer.routes).filter(
      (pattern) =>
        !pages.some((concrete) => matchesPattern(pattern, concrete)) &&
        !PUBLIC_PAGES_NEEDING_A_TOKEN.has(pattern),
    );
    expect(unwalked, 'public routes without a page in the walk').toEqual([]);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    try {
      const page = await context.newPage();
      for (const path of pages) {
        if (path === SIGNED_IN_CLIENT_PAGES[0]) await signInAsDemoClient(page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalScroll(page, path);
      }
    } finally {
      await context.close();
    }
  });

  test(`no horizontal scroll at ${width} px on every page of the professional space`, async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    try {
      const page = await context.newPage();
      await signInAsDemoProfessional(page);
      for (const route of professionalSpacePages()) {
        let path = route;
        if (route.includes('/:')) {
          // A calendar's own page: the first calendar the demo lawyer has, reached from the list.
          await page.goto('/user/calendriers');
          const link = page.locator('a[href*="/user/calendrier/"]').first();
          await expect(link, `a link to ${route}`).toBeAttached();
          path = new URL((await link.getAttribute('href'))!, page.url()).pathname;
        }
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalScroll(page, path);
      }
    } finally {
      await context.close();
    }
  });

  test(`no horizontal scroll at ${width} px on every page of the console`, async ({ browser }) => {
    // About 35 pages: 5.6 min measured at 390 px on the shared machine under load, more at 1,366 px.
    test.setTimeout(720_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    try {
      const page = await context.newPage();
      await signInToConsole(page);
      const measure = async (path: string) => {
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main, #main-content').first()).toBeVisible();
        await expectNoHorizontalScroll(page, path);
      };
      for (const path of consoleCustomPages()) {
        await page.goto(path);
        await measure(path);
      }
      for (const resource of consoleResources()) {
        const list = `/admin/${resource.name}`;
        await page.goto(list);
        await measure(list);
        // One record's page (edit or show, whichever a click on the first row opens), when the demo has one.
        const firstRow = page.locator('tbody tr').first();
        if (await firstRow.isVisible()) {
          await firstRow.click();
          await page.waitForURL((url) => url.pathname !== list, { timeout: 5_000 }).catch(() => undefined);
          if (new URL(page.url()).pathname !== list)
            await measure(`${new URL(page.url()).pathname} (first row)`);
        }
        if (resource.views.includes('create')) {
          await page.goto(`${list}/create`);
          await measure(`${list}/create`);
        }
      }
    } finally {
      await context.close();
    }
  });
}

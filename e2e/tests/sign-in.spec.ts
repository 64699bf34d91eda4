import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from './demo-accounts';

/**
 * The SPA's session: an HttpOnly cookie scoped to the API path, that no script of the page can read, and
 * no token anywhere a script can reach (document.cookie, localStorage, sessionStorage).
 */
async function expectSessionOutOfScriptsReach(page: Page, context: BrowserContext, name: string) {
  const cookie = (await context.cookies()).find((c) => c.name === name);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v1', sameSite: 'Strict' });
  const visible = await page.evaluate(() => ({
    cookie: document.cookie,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  }));
  expect(visible.cookie).not.toContain(cookie!.value);
  expect(visible.storage).not.toContain(cookie!.value);
  // No JWT of any kind (three base64url parts starting with eyJ) is within a script's reach.
  expect(`${visible.cookie} ${visible.storage}`).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  expect((await context.cookies()).some((c) => c.name === 'user_token' || c.name === 'admin_token')).toBe(
    false,
  );
}

// Each kind of account signs in, keeps its session over a reload, and signs out.

test('a professional signs in, reloads, and signs out', async ({ page, context }) => {
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/user\/connexion$/); // the guard sends a visitor to the login page

  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expectSessionOutOfScriptsReach(page, context, 'rdv_user_session');

  await page.reload();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/user\/connexion$/);
  expect((await context.cookies()).some((c) => c.name === 'rdv_user_session')).toBe(false);
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/user\/connexion$/);
});

test('a professional with a wrong password stays on the login page with a French message', async ({
  page,
}) => {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText(/incorrect/i);
  await expect(page).toHaveURL(/\/user\/connexion$/);
});

test('an admin signs in, reloads, and signs out', async ({ page, context }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel(/Email/).fill(DEMO.admin.email);
  await page.getByLabel(/Mot de passe/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Connexion' }).click();
  // back on the page first asked for, with the admin's name in the app bar and real rows
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('button', { name: 'Profil' })).toContainText('Alice Admin');
  await expect(page.getByRole('cell', { name: /@demo\.rdv-avocat\.fr$/ }).first()).toBeVisible();
  await expectSessionOutOfScriptsReach(page, context, 'rdv_admin_session');

  await page.reload();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('button', { name: 'Profil' })).toContainText('Alice Admin');

  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await context.cookies()).some((c) => c.name === 'rdv_admin_session')).toBe(false);
});

test('an attendee signs in, reloads, and signs out', async ({ page, context }) => {
  await page.goto('/participant/mes-rdvs');
  await expect(page).toHaveURL(/\/participant\/connexion/);

  const signIn = page.locator('section', { has: page.getByRole('heading', { name: 'Se connecter' }) });
  await signIn.getByLabel('Email').fill(DEMO.attendee.email);
  await signIn.getByLabel('Mot de passe', { exact: true }).fill(DEMO.attendee.password);
  await signIn.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/participant\/mes-rdvs/);
  expect((await context.cookies()).some((c) => c.name === 'attendee_token')).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/participant\/mes-rdvs/);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).not.toHaveURL(/\/participant\/mes-rdvs/);
  expect((await context.cookies()).some((c) => c.name === 'attendee_token')).toBe(false);
  await page.goto('/participant/mes-rdvs');
  await expect(page).toHaveURL(/\/participant\/connexion/);
});

test("a request forged by another site cannot use the professional's session", async ({
  page,
  context,
  browser,
}) => {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const session = (await context.cookies()).find((c) => c.name === 'rdv_user_session')!;
  const userId = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/auth/user/check-logged', { headers: { 'x-rdv-session': 'user' } });
    return ((await answer.json()) as { _id: string })._id;
  });

  // Another site (here 127.0.0.1, another origin than localhost) posts to the API with the browser's cookie.
  const other = await browser.newContext();
  await other.addCookies([{ ...session, domain: new URL(origin).hostname }]);
  const evil = await other.newPage();
  await evil.goto(`${origin.replace('localhost', '127.0.0.1')}/robots.txt`);
  const forged = await evil.evaluate(
    async ({ target, id }) => {
      // A simple form-like POST: no custom header, so the browser sends it without a preflight.
      const plain = await fetch(`${target}/api/v1/users/${id}`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ first_name: 'Pirate' }),
      }).then(
        (r) => r.status,
        () => 0,
      );
      // With the SPA's header the browser must ask first, and the API grants no cross-origin call.
      const preflighted = await fetch(`${target}/api/v1/users/${id}`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-rdv-session': 'user' },
        body: JSON.stringify({ first_name: 'Pirate' }),
      }).then(
        (r) => r.status,
        () => 0,
      );
      return { plain, preflighted };
    },
    { target: origin, id: userId },
  );
  await other.close();
  expect(forged.plain === 0 || forged.plain >= 400).toBe(true);
  expect(forged.preflighted === 0 || forged.preflighted >= 400).toBe(true);

  // And sent directly with the stolen cookie but another Origin, the API refuses it.
  const direct = await page.request.put(`/api/v1/users/${userId}`, {
    headers: { origin: 'https://evil.example', 'x-rdv-session': 'user' },
    data: { first_name: 'Pirate' },
  });
  expect(direct.status()).toBe(403);
  expect((await direct.json()).code).toBe('CROSS_ORIGIN_REFUSED');
  await page.reload();
  await expect(page.getByText('Pirate')).toHaveCount(0);
});

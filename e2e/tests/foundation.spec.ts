import { expect, test } from '@playwright/test';

test.describe('one origin serves the three apps and the API', () => {
  test('the home page is server-rendered with the sector title and the specialities', async ({
    page,
    request,
  }) => {
    // The HTML the server sends, before any script runs, already holds the specialities.
    const html = await (await request.get('/')).text();
    expect(html).toContain('Trouvez le bon avocat partout en France');
    expect(html).toContain('Droit du travail');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Trouvez le bon avocat/);
    await expect(page.getByRole('combobox', { name: /domaine|spécialité/i })).toContainText('Droit pénal');
  });

  test('the professional login screen is at /user/connexion', async ({ page }) => {
    await page.goto('/user/connexion');
    await expect(page.getByLabel(/mot de passe/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /connexion|se connecter/i })).toBeVisible();
  });

  test('the admin login screen is at /admin/login', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole('button', { name: /connexion|se connecter/i })).toBeVisible();
  });

  test('the API answers on the same origin', async ({ request }) => {
    const ready = await request.get('/api/v1/health/ready');
    expect(ready.status()).toBe(200);
    const specialities = await (await request.get('/api/v1/specialities')).json();
    expect(specialities.length).toBe(26);
  });
});

import { expect, test } from '@playwright/test';
import { createAdmin, deleteAdmin, type FreshAdmin } from './db';
import { DEMO } from './demo-accounts';
import { waitForMail } from './mailbox';

// An administrator who forgot the password asks for a link from the login page, chooses a new
// password from the mail and signs in with it. The journey uses an administrator of its own: the demo
// admin, whose password other journeys sign in with, is never touched (a reset also ends every session).

test.describe('with an administrator of its own', () => {
  let admin: FreshAdmin;
  test.beforeEach(async () => {
    admin = await createAdmin('admin-reset', DEMO.admin.password, DEMO.admin.email);
  });
  test.afterEach(async () => {
    await deleteAdmin(admin.id);
  });

  test('an admin resets a forgotten password from the mailed link and signs in with the new one', async ({
    page,
    request,
  }) => {
    const newPassword = `Nouveau-${Date.now().toString(36)}-passe`;

    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/admin\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();

    await page.getByLabel(/Email/).fill(admin.email);
    await page.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Un email contenant les instructions pour réinitialiser votre mot de passe va vous être envoyé',
    );

    const mail = await waitForMail(admin.email, /Réinitialisation de votre mot de passe/);
    const link = /https?:\/\/[^\s"<>]+\/admin\/reset-password\?token=[^\s"<>]+/.exec(mail.text ?? '')?.[0];
    expect(link, 'the reset link in the mail').toBeTruthy();
    const { pathname, search } = new URL(link!);

    await page.goto(`${pathname}${search}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' }),
    ).toBeVisible();
    await page.getByLabel(/Nouveau mot de passe/).fill(newPassword);
    await page.getByLabel(/Confirmation du mot de passe/).fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Les mots de passe sont différents')).toBeVisible();

    await page.getByLabel(/Confirmation du mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('status')).toContainText('Votre mot de passe a été modifié');

    // the old password no longer opens the account
    const oldPassword = await request.post('/api/v1/auth/admin/login', {
      data: { email: admin.email, password: admin.password },
    });
    expect(oldPassword.status()).toBe(401);

    await page.getByLabel(/Email/).fill(admin.email);
    await page.getByLabel(/Mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Connexion' }).click();
    await expect(
      page.getByRole('heading', { name: /Bienvenue dans la console d’administration/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profil' })).toContainText(admin.lastName);

    // the link served once: opened again, it is refused with a French message
    await page.goto(`${pathname}${search}`);
    await page.getByLabel(/Nouveau mot de passe/).fill('une autre phrase de passe');
    await page.getByLabel(/Confirmation du mot de passe/).fill('une autre phrase de passe');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Ce lien de réinitialisation est invalide ou a expiré',
    );
  });
});

test('a reset link without its token says so and leads to a new request', async ({ page }) => {
  await page.goto('/admin/reset-password');
  await expect(page.getByText(/Ce lien de réinitialisation est incomplet/)).toBeVisible();
  await page.getByRole('link', { name: 'Faire une nouvelle demande' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
});

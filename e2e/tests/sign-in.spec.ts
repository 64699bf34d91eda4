import { expect, test } from '@playwright/test';
import { DEMO } from './demo-accounts';

// Each kind of account signs in, keeps its session over a reload, and signs out.

test('a professional signs in, reloads, and signs out', async ({ page, context }) => {
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/user\/connexion$/); // the guard sends a visitor to the login page

  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  expect((await context.cookies()).some((c) => c.name === 'user_token')).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/user\/connexion$/);
  expect((await context.cookies()).some((c) => c.name === 'user_token')).toBe(false);
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
  expect((await context.cookies()).some((c) => c.name === 'admin_token')).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('button', { name: 'Profil' })).toContainText('Alice Admin');

  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await context.cookies()).some((c) => c.name === 'admin_token')).toBe(false);
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

import { expect, test } from '@playwright/test';
import { createProfessionalWithoutAgenda, withDb } from './db';
import { DEMO } from './demo-accounts';

// The mobile a professional types to activate the account stays private: the public profile shows a number
// only once the professional has published one, knowingly, in "Mon profil".

test('a profile shows no number until the professional publishes one; the account’s mobile is never shown', async ({
  page,
}) => {
  const professional = await createProfessionalWithoutAgenda(
    'numero',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  // The account's verified mobile, as sign-up leaves it.
  await withDb((db) =>
    db.query(`UPDATE users SET telephone = '+33611223344', phone_verified_at = now() WHERE username = $1`, [
      professional.username,
    ]),
  );
  const profileUrl = `/avocat/${professional.userUri}`;
  await page.goto(profileUrl);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(professional.lastName);
  await expect(page.getByRole('button', { name: 'Afficher le numéro' })).toHaveCount(0);
  expect(await page.content()).not.toContain('11 22 33 44');

  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/setting');
  const form = page.getByRole('form', { name: 'Mon profil' });
  const publicPhone = form.getByLabel('Téléphone affiché sur votre profil');
  await expect(publicPhone).toHaveValue('');
  await publicPhone.fill('01 42 60 00 00');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré')).toBeVisible();

  await page.goto(profileUrl);
  await page.getByRole('button', { name: 'Afficher le numéro' }).click();
  await expect(page.getByRole('link', { name: /01 42 60 00 00/ })).toBeVisible();
  expect(await page.content()).not.toContain('11 22 33 44');
});

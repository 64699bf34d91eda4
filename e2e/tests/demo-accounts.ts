import { expect, type Page } from '@playwright/test';

/** The demo accounts the seed creates (listed in the README). */
export const DEMO = {
  admin: { email: 'admin@demo.rdv-avocat.fr', password: 'DemoAdmin2026!' },
  professional: { username: 'avocat.demo', email: 'avocat@demo.rdv-avocat.fr', password: 'DemoAvocat2026!' },
  attendee: { email: 'client@demo.rdv-avocat.fr', password: 'DemoClient2026!' },
} as const;

/** The demo client signs in on the public site and lands on their appointments. */
export async function signInAsDemoClient(page: Page): Promise<void> {
  await page.goto('/participant/connexion');
  const signIn = page.locator('section', { has: page.getByRole('heading', { name: 'Se connecter' }) });
  await signIn.getByLabel('Email').fill(DEMO.attendee.email);
  await signIn.getByLabel('Mot de passe', { exact: true }).fill(DEMO.attendee.password);
  await signIn.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/participant\/mes-rdvs/);
}

/** The demo professional signs in to their space and lands on its dashboard. */
export async function signInAsDemoProfessional(page: Page): Promise<void> {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(DEMO.professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** The demo administrator opens `path` of the console, signs in on the login page it leads to, and is taken there. */
export async function signInToConsole(page: Page, path = '/admin/dashboard'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel(/Email/).fill(DEMO.admin.email);
  await page.getByLabel(/Mot de passe/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Connexion' }).click();
  // Signed in once the console has left its login page: a navigation started before would abort the sign-in's
  // request (the password check takes a few hundred milliseconds on a slow machine) and land on the login again.
  await expect(page).not.toHaveURL(/\/admin\/login$/, { timeout: 15_000 });
}

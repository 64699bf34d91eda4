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

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAdmin, createProfessionalWithoutAgenda, deleteAdmin, withDb } from './db';
import { DEMO } from './demo-accounts';
import { totpCode } from './totp';

// A professional and an administrator protect their accounts with an authenticator app and a passkey, then
// sign in with each; the password alone no longer opens a session. The passkey lives in Chromium's virtual
// authenticator (WebAuthn domain of the DevTools protocol), which answers as a real security key would.

async function virtualAuthenticator(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Adds the app in the second-factors panel of `panel`; answers its key and the recovery codes shown. */
async function enrolApp(page: Page) {
  await page.getByRole('button', { name: 'Ajouter une application d’authentification' }).click();
  const secret = (await page.getByLabel('Clé de l’application').textContent())!.trim();
  await page.getByLabel('Code à 6 chiffres').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByText('L’application d’authentification est activée.')).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Codes de secours' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  return { secret, recoveryCodes: codes };
}

async function enrolPasskey(page: Page) {
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(page.getByText('La clé d’accès est activée.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Moyens d’authentification' })).toContainText('Clé d’accès');
}

test('a professional enrols an app and a passkey, then signs in with the code, a recovery code and the passkey alone', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const professional = await createProfessionalWithoutAgenda(
    'double',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  await virtualAuthenticator(page, context);
  const signInWithPassword = async () => {
    await page.goto('/user/connexion');
    await page.getByLabel('Email ou identifiant').fill(professional.username);
    await page.getByLabel('Mot de passe', { exact: true }).fill(professional.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  };
  const signOut = async () => {
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/user\/connexion$/);
  };

  await signInWithPassword();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/setting#double-authentification');
  const { secret, recoveryCodes } = await enrolApp(page);
  await enrolPasskey(page);
  await signOut();

  // The password alone: a second step, no session.
  await signInWithPassword();
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/user\/connexion$/);

  // Password + a wrong code, then the app's code.
  await signInWithPassword();
  await page.getByLabel('Code de l’application ou code de secours').fill('000000');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert')).toContainText('Code incorrect ou déjà utilisé');
  await page.getByLabel('Code de l’application ou code de secours').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await signOut();

  // Password + a recovery code, which then no longer works.
  await signInWithPassword();
  await page.getByLabel('Code de l’application ou code de secours').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await signOut();
  await signInWithPassword();
  await page.getByLabel('Code de l’application ou code de secours').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert')).toContainText('Code incorrect ou déjà utilisé');

  // The passkey instead of the password.
  await page.goto('/user/connexion');
  await page.getByRole('button', { name: 'Clé d’accès (sans mot de passe)' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // The app's secret is sealed in the database: its key appears nowhere in the row.
  const stored = await withDb((db) =>
    db.query(
      "SELECT row_to_json(f)::text AS row FROM second_factors f WHERE account_id = $1 AND type = 'totp'",
      [professional.id],
    ),
  );
  expect(stored.rows[0].row).not.toContain(secret);
});

test('with the site requiring it, an administrator enrols a second factor before using the console, then signs in with the code and with the passkey', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const admin = await createAdmin('double', DEMO.admin.password, DEMO.admin.email);
  await withDb((db) =>
    db.query(
      `INSERT INTO site_config (key, value) VALUES ('admin_second_factor_required', 'true'::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ),
  );
  try {
    await virtualAuthenticator(page, context);
    const signInWithPassword = async () => {
      await page.goto('/admin/login');
      await page.getByLabel(/Email/).fill(admin.email);
      await page.getByLabel(/Mot de passe/).fill(admin.password);
      await page.getByRole('button', { name: 'Connexion' }).click();
    };

    await signInWithPassword();
    // No second factor yet: the console's API refuses the session; "Mon compte" says why.
    await expect(page).toHaveURL(/\/admin/);
    await expect(page).not.toHaveURL(/\/admin\/login/);
    const refused = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/admin/users', { headers: { 'x-rdv-session': 'admin' } });
      return { status: answer.status, code: ((await answer.json()) as { code: string }).code };
    });
    expect(refused).toEqual({ status: 403, code: 'SECOND_FACTOR_REQUIRED' });
    await page.goto('/admin/mon-compte');
    await expect(
      page.getByText('La double authentification est obligatoire pour les administrateurs'),
    ).toBeVisible();
    const { secret } = await enrolApp(page);
    await enrolPasskey(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('cell', { name: /@demo\.rdv-avocat\.fr$/ }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await signInWithPassword();
    await page.getByLabel('Code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByRole('button', { name: 'Profil' })).toContainText(admin.lastName);
    await page.goto('/admin/users');
    await expect(page.getByRole('cell', { name: /@demo\.rdv-avocat\.fr$/ }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByRole('button', { name: 'Clé d’accès (sans mot de passe)' }).click();
    await expect(page.getByRole('button', { name: 'Profil' })).toContainText(admin.lastName);
    await page.goto('/admin/users');
    await expect(page.getByRole('cell', { name: /@demo\.rdv-avocat\.fr$/ }).first()).toBeVisible();
  } finally {
    await withDb((db) =>
      db.query(
        `INSERT INTO site_config (key, value) VALUES ('admin_second_factor_required', 'false'::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ),
    );
    await deleteAdmin(admin.id);
  }
});

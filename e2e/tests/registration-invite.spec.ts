import { expect, test } from '@playwright/test';
import { withDb } from './db';
import { DEMO } from './demo-accounts';
import { waitForMail } from './mailbox';

// A professional created by an admin is invisible until they finish signing up,
// and only the link mailed to them (with its secret token) lets them do it.

test('a professional created by an admin signs up from the mailed link, then appears on the site', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const email = `invitee.${tag}@e2e.test`;
  const login = await request.post('/api/v1/auth/admin/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(login.status()).toBe(200);
  const adminToken = (await login.json()).token as string;
  const created = await request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { first_name: 'Inès', last_name: `Invitée ${tag}`, email },
  });
  expect(created.status()).toBe(201);
  const { _id: userId, userUri } = (await created.json()) as { _id: string; userUri: string };

  try {
    // Not public before signing up: no profile page.
    const hidden = await page.goto(`/avocat/${userUri}`);
    expect(hidden?.status()).toBe(404);

    // The user id alone (public) opens nothing.
    await page.goto(`/user/inscription/${userId}`);
    await expect(
      page.getByText('Ce lien d’inscription n’est pas valide ou l’inscription a déjà été finalisée.'),
    ).toBeVisible();

    const mail = await waitForMail(email, /Finalisez votre inscription/);
    const link = /https?:\/\/[^\s"<>]+\/user\/inscription\/[^\s"<>]+\?token=[^\s"<>]+/.exec(
      mail.text ?? '',
    )?.[0];
    expect(link, 'the sign-up link in the mail').toBeTruthy();
    const { pathname, search } = new URL(link!);

    await page.goto(`${pathname}${search}`);
    await expect(page.getByText(`Inès Invitée ${tag}`)).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe');
    await page.getByLabel('Confirmation du mot de passe').fill('une phrase de passe');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByRole('checkbox', { name: /conditions générales d’utilisation/ }).check();
    await page.getByRole('checkbox', { name: /politique de protection des données/ }).check();
    await page.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(page.getByRole('heading', { name: `Bonjour Inès Invitée ${tag}` })).toBeVisible();

    // The link is spent, and the professional is now public.
    const reused = await request.get(`/api/v1/users/${userId}/registration${search}`);
    expect(reused.status()).toBe(404);
    const shown = await page.goto(`/avocat/${userUri}`);
    expect(shown?.status()).toBe(200);
  } finally {
    await withDb((db) => db.query('DELETE FROM users WHERE id = $1', [userId]));
  }
});

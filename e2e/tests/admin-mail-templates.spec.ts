import { expect, test } from '@playwright/test';
import { withDb } from './db';
import { DEMO } from './demo-accounts';

// A mail template is checked before it is saved, and the
// console previews it with sample values. The journey leaves the built-in default in place.
const KEY = 'appointment.reminder.attendee';

test.afterEach(async () => {
  await withDb((db) => db.query('DELETE FROM mail_templates WHERE key = $1', [KEY]));
});

test('an admin edits a mail template: an unknown variable is refused in French, the fixed one is previewed with sample values and saved', async ({
  page,
}) => {
  // Sign-in, a reload, two saves, a reset and a live preview per edit: 46 s measured on a quiet
  // machine, 2.1 min on the shared one under load.
  test.setTimeout(240_000);
  // A deep link to the template, through the sign-in page
  await page.goto(`/admin/mail-templates/${KEY}`);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel(/Email/).fill(DEMO.admin.email);
  await page.getByLabel(/Mot de passe/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Connexion' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/mail-templates/${KEY.replace(/\./g, '\\.')}$`));

  // A reload of that page serves the console again (the key's dots are not a file extension)
  await page.reload();
  const subject = page.getByLabel('Sujet');
  await expect(subject).toHaveValue(/Rappel : rendez-vous avec \{\{professional\.name\}\}/);
  await expect(page.getByRole('region', { name: 'Variables disponibles' })).toContainText(
    'Date du rendez-vous',
  );

  await subject.fill('Rappel pour {{client.name}} : votre rendez-vous du {{appointment.date}}');
  await expect(page.getByRole('status').filter({ hasText: 'ne peut pas être enregistré' })).toContainText(
    'Sujet : variable inconnue {{client.name}}',
  );
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // Under the field (and notified); the page stays open, nothing is saved
  await expect(page.getByRole('alert')).toContainText('Sujet : variable inconnue {{client.name}}');
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator('p', { hasText: /^Sujet : variable inconnue \{\{client\.name\}\}$/ }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/mail-templates/${KEY.replace(/\./g, '\\.')}$`));
  expect(await withDb((db) => db.query('SELECT 1 FROM mail_templates WHERE key = $1', [KEY]))).toHaveProperty(
    'rowCount',
    0,
  );

  await subject.fill('Rappel pour {{attendee.name}} : votre rendez-vous du {{appointment.date}}');
  await expect(page.getByTestId('preview-subject')).toHaveText(
    'Rappel pour Julien Martin : votre rendez-vous du jeudi 12 mars 2026',
  );
  await expect(
    page
      .frameLocator('iframe[title="Aperçu HTML du mail"]')
      .getByText(/Claire Dubois/)
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('preview-text')).toContainText('12 rue de la République, 69002 Lyon');
  // The edited content is previewed inside the common layout: the site's name above, the legal footer below
  const previewed = page.frameLocator('iframe[title="Aperçu HTML du mail"]');
  await expect(previewed.getByRole('link', { name: 'Mentions légales' })).toBeVisible();
  await expect(page.getByTestId('preview-text')).toContainText('Mentions légales : ');

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/mail-templates$/);
  const saved = await withDb((db) => db.query('SELECT subject FROM mail_templates WHERE key = $1', [KEY]));
  expect(saved.rows).toEqual([
    { subject: 'Rappel pour {{attendee.name}} : votre rendez-vous du {{appointment.date}}' },
  ]);

  // Back to the default with the button
  await page.goto(`/admin/mail-templates/${KEY}`);
  await page.getByRole('button', { name: 'Rétablir le modèle par défaut' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rétablir' }).click();
  await expect(page).toHaveURL(/\/admin\/mail-templates$/);
  expect(
    (await withDb((db) => db.query('SELECT 1 FROM mail_templates WHERE key = $1', [KEY]))).rowCount,
  ).toBe(0);
});

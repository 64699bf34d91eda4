import { expect, test, type Page } from '@playwright/test';
import { withDb } from './db';
import { signInToConsole } from './demo-accounts';
import { waitForMail } from './mailbox';
import { parisClock } from './paris-time';

// The site runs from the console. A registration request sent on the public site is
// accepted in the console, the professional signs up from the invitation and the dashboard counts
// them; a review published in the console shows on /service-avis and in the schema rating; the
// company identity filled in the console replaces the legal pages' placeholders.

/**
 * The dashboard with figures read after `since`: they are shared for up to 10 seconds and stamped with the time
 * of their read ("Chiffres relevés à 09:12:05"), so the page is reloaded until its stamp is later.
 */
async function dashboardReadAfter(page: Page, since: Date) {
  const after = parisClock(since);
  await expect(async () => {
    await page.goto('/admin/dashboard');
    const stamp = await page
      .getByText(/Chiffres relevés à \d{2}:\d{2}:\d{2}/)
      .textContent({ timeout: 3_000 });
    const readAt = /(\d{2}:\d{2}:\d{2})/.exec(stamp ?? '')?.[1] ?? '';
    expect(readAt > after, `figures read at ${readAt}, wanted after ${after}`).toBe(true);
  }).toPass({ timeout: 30_000, intervals: [2_000] });
}

test('a registration request is accepted in the console, the professional signs up and the dashboard counts them within 10 seconds', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const email = `candidat.${tag}@e2e.test`;
  const lastName = `Candidat ${tag}`;
  try {
    // The public form
    await page.goto('/demande-inscription');
    await page.getByRole('radio', { name: 'Madame' }).check();
    await page.getByLabel('Prénom *', { exact: true }).fill('Léa');
    await page.getByLabel('Nom *', { exact: true }).fill(lastName);
    await page.getByLabel('Email *', { exact: true }).fill(email);
    await page.getByLabel('Téléphone *', { exact: true }).fill('06 12 34 56 78');
    await page.getByLabel('Ville *', { exact: true }).fill('Lyon');
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(
      page.getByText('Votre demande d’inscription a bien été envoyée.', { exact: false }),
    ).toBeVisible();
    await waitForMail(email, /a bien été reçue/);

    // The console: the figures before, then the request in the queue
    const beforeSignUp = new Date();
    await signInToConsole(page, '/admin/dashboard');
    await dashboardReadAfter(page, beforeSignUp);
    const newPros = page.getByRole('group', { name: /^Nouveaux avocats : \d+$/ });
    await expect(newPros).toBeVisible();
    const before = Number(/(\d+)$/.exec((await newPros.getAttribute('aria-label')) ?? '')![1]);
    await expect(page).toHaveTitle(/Tableau de bord · Administration \| /);

    await page.goto('/admin/registration-requests');
    await page.getByRole('cell', { name: `Mme Léa ${lastName}` }).click();
    await expect(page).toHaveURL(/\/admin\/registration-requests\/[0-9a-f-]+\/show$/);
    // a reload of a console page serves the console again
    await page.reload();
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(page.getByText(`Demande acceptée : l’invitation a été envoyée à ${email}.`)).toBeVisible();

    // The invitation, the sign-up
    const mail = await waitForMail(email, /Finalisez votre inscription/);
    const link = /https?:\/\/[^\s"<>]+\/user\/inscription\/[^\s"<>]+\?token=[^\s"<>]+/.exec(
      mail.text ?? '',
    )?.[0];
    expect(link, 'the sign-up link in the mail').toBeTruthy();
    const { pathname, search } = new URL(link!);
    const signUp = await page.context().browser()!.newPage();
    await signUp.goto(`${pathname}${search}`);
    // What the request gave is not asked again: the phone is filled in, the commune already set.
    await expect(signUp.getByText('Commune d’exercice : Lyon')).toBeVisible();
    await expect(signUp.getByLabel('Téléphone')).toHaveValue('06 12 34 56 78');
    await signUp.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe');
    await signUp.getByLabel('Confirmation du mot de passe').fill('une phrase de passe');
    await signUp.getByRole('checkbox', { name: /conditions générales d’utilisation/ }).check();
    await signUp.getByRole('checkbox', { name: /politique de protection des données/ }).check();
    await signUp.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(signUp.getByRole('heading', { name: `Bonjour Léa ${lastName}` })).toBeVisible();
    await signUp.close();

    // The dashboard counts them once its figures are read again (shared for up to 10 seconds, stamped with their
    // read's time).
    await dashboardReadAfter(page, new Date());
    await expect(page.getByRole('group', { name: `Nouveaux avocats : ${before + 1}` })).toBeVisible();

    // At 390 px the lists do not overflow
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin/registration-requests');
    await expect(page.getByText(`Mme Léa ${lastName}`)).toHaveCount(0); // accepted: not in the pending list
    await page.goto('/admin/users');
    await expect(
      page.getByRole('heading', { name: /Utilisateurs/ }).or(page.locator('#react-admin-title')),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
  } finally {
    await withDb(async (db) => {
      await db.query('DELETE FROM registration_requests WHERE email = $1', [email]);
      await db.query('DELETE FROM users WHERE email = $1', [email]);
    });
  }
});

test('a review published in the console appears on /service-avis and in the schema rating', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const comment = `Rendez-vous très clair, merci (${tag})`;
  const reviewId = await withDb(async (db) => {
    const { rows } = await db.query(
      `INSERT INTO reviews (user_id, rating, comment, author_name)
       SELECT id, 5, $1, 'Paul E.' FROM users WHERE is_demo AND password_hash IS NOT NULL LIMIT 1
       RETURNING id`,
      [comment],
    );
    return rows[0].id as string;
  });
  try {
    await page.goto('/service-avis');
    await expect(page.getByText(comment)).toHaveCount(0);
    const countBefore = await schemaRatingCount(page);

    await signInToConsole(page, `/admin/reviews/${reviewId}/show`);
    await expect(page).toHaveURL(new RegExp(`/admin/reviews/${reviewId}/show$`));
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Avis publié.')).toBeVisible();

    await page.goto('/service-avis');
    await expect(page.getByText(comment)).toBeVisible();
    expect(await schemaRatingCount(page)).toBe(countBefore + 1);
  } finally {
    await withDb((db) => db.query('DELETE FROM reviews WHERE id = $1', [reviewId]));
  }
});

async function schemaRatingCount(page: Page): Promise<number> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  for (const block of blocks) {
    const json = JSON.parse(block) as { aggregateRating?: { ratingCount?: number } };
    if (json.aggregateRating) return Number(json.aggregateRating.ratingCount ?? 0);
  }
  return 0;
}

test('the company identity filled in the console replaces the legal pages’ placeholders', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const saved = await withDb(
    async (db) => (await db.query(`SELECT value FROM site_config WHERE key = 'company'`)).rows[0]?.value,
  );
  try {
    await signInToConsole(page, '/admin/site-config');
    await page.getByRole('tab', { name: 'Société (pages légales)' }).click();
    const fields: Array<[string, string]> = [
      ['Raison sociale', 'Exemple Fictif SAS'],
      ['Forme juridique', 'SAS'],
      ['Capital social (€)', '1 000'],
      ['Ville du greffe (RCS)', 'Exempleville'],
      ['Numéro RCS / SIREN', 'RCS Exempleville 000 000 000'],
      ['Numéro de TVA intracommunautaire', 'FR00000000000'],
      ['Adresse du siège', '1 rue de l’Exemple'],
      ['Ville du siège', 'Exempleville'],
      ['Directeur de la publication', 'Camille Exemple'],
      ['Fonction du directeur de la publication', 'présidente'],
      ['Hébergeur', 'Hébergeur Fictif'],
      ['Adresse de l’hébergeur', '2 avenue du Serveur'],
      ['Téléphone de l’hébergeur', '+33 1 99 00 00 01'],
      ['Médiateur de la consommation (nom et coordonnées)', 'Médiateur Fictif'],
      ['Email du délégué à la protection des données', 'dpo@example.org'],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByLabel('Téléphone de contact').fill('+33 1 99 00 00 00');
    await page.getByLabel('Email de contact').fill('contact@example.org');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(/Élément mis à jour|Modification enregistrée/)).toBeVisible();

    for (const path of ['/mentions-legales', '/cgu', '/cgv', '/politique-de-confidentialite']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.to-fill')).toHaveCount(0);
      await expect(page.locator('main')).toContainText('Exemple Fictif SAS');
    }
  } finally {
    await withDb((db) =>
      saved
        ? db.query(`UPDATE site_config SET value = $1 WHERE key = 'company'`, [JSON.stringify(saved)])
        : db.query(`DELETE FROM site_config WHERE key = 'company'`),
    );
  }
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO } from './demo-accounts';

// Subscriptions: a new professional subscribes through the simulated Stripe Checkout (the stack's loopback fake
// of the Stripe API) and downloads the first invoice, a Factur-X PDF. The fake's page is on 127.0.0.1, another site
// than the product's localhost (as checkout.stripe.com is): the way back is a cross-site redirect, after which the
// page must still know who is signed in (SameSite=Strict session cookie, Path=/api/v1).

test('a new professional subscribes in the simulated checkout and downloads the first invoice', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const email = `abonne.${tag}@e2e.test`;
  const password = 'une phrase de passe';
  const login = await request.post('/api/v1/auth/admin/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  const adminToken = (await login.json()).token as string;
  // The issuer printed on invoices (the console's company settings).
  const company = await request.put('/api/v1/admin/billing/company', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      name: 'RDV Avocat SAS',
      legalForm: 'SAS',
      capital: '10 000 €',
      siren: '912345675',
      siret: '91234567500017',
      rcs: 'RCS Lyon 912 345 675',
      vatNumber: 'FR65912345675',
      street: '10 place Bellecour',
      postalCode: '69002',
      city: 'Lyon',
      email: 'facturation@rdv-avocat.example',
    },
  });
  expect(company.status()).toBe(200);
  const created = await request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      first_name: 'Sacha',
      last_name: `Abonné ${tag}`,
      email,
      password,
      password_confirmation: password,
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('link', { name: 'Mon abonnement' }).first().click();
  await expect(page.getByRole('heading', { name: 'Mon abonnement' })).toBeVisible();
  await expect(page.getByText('Vous n’avez pas d’abonnement en cours.')).toBeVisible();

  // The firm printed on invoices; a SIREN whose key is wrong is refused before anything is saved.
  const firm = page.getByRole('form', { name: 'Informations de facturation' });
  await firm.getByLabel('Raison sociale du cabinet').fill(`Cabinet Abonné ${tag}`);
  await firm.getByLabel('SIREN').fill('912 345 678');
  await firm.getByLabel('Adresse').fill('3 quai Saint-Antoine');
  await firm.getByLabel('Code postal').fill('69002');
  await firm.getByLabel('Ville').fill('Lyon');
  await firm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(firm.getByText(/Le SIREN doit compter 9 chiffres et être valide/)).toBeVisible();
  await firm.getByLabel('SIREN').fill('912 345 675');
  await firm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    firm.getByText('Enregistré : votre prochaine facture portera ces informations.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'S’abonner' }).click();
  // The fake's hosted page says plainly that nothing is charged.
  await expect(page.getByRole('note')).toContainText('Simulation');
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  await page.getByLabel('Prélèvement SEPA').check();
  await page.getByLabel('Titulaire').fill(`Sacha Abonné ${tag}`);
  await page.getByLabel('IBAN ou numéro de carte').fill('FR1420041010050500013M02606');
  await page.getByRole('button', { name: 'S’abonner (simulation)' }).click();

  await expect(page).toHaveURL(/\/user\/abonnement\?checkout=success/);
  await expect(page.getByText('Prélèvement SEPA •••• 2606')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('69,00 € HT / mois (tarif de lancement)')).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Factures' });
  await expect(invoices.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
  await expect(invoices).toContainText('82,80 €');

  const download = page.waitForEvent('download');
  await invoices.getByRole('button', { name: 'Télécharger le PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^F-\d{6}\.pdf$/);
  const pdf = readFileSync((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.includes(Buffer.from('factur-x.xml'))).toBe(true);
  // The invoice names the firm entered before subscribing (the console's invoice list shows the customer).
  const invoicesList = await request.get('/api/v1/admin/billing/invoices', {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  const issued = (await invoicesList.json()) as { number: string; customer: string }[];
  expect(issued.find((i) => i.number === file.suggestedFilename().replace('.pdf', ''))?.customer).toBe(
    `Cabinet Abonné ${tag}`,
  );
});

import { expect, test } from '@playwright/test';
import { DEMO, signInAsDemoClient } from './demo-accounts';
import { allMails, waitForMail, type Mail } from './mailbox';

// A client on a phone books the demo lawyer's paid first consultation: reads and accepts the fee agreement, pays on
// the simulated hosted payment page, the lawyer validates (which captures the payment), and the client's mailbox
// holds the signed agreement and the fee note, each as a PDF.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const pdfNames = (mail: Mail) =>
  (mail.attachments ?? [])
    .filter((a) => a.contentType === 'application/pdf')
    .map((a) => a.fileName ?? a.generatedFileName ?? '');
const to = (mail: Mail, address: string) => mail.to.some((t) => t.address.toLowerCase() === address);

/** The mail to `address` carrying the PDF named `fileName`, once it arrives. */
async function mailWithPdf(
  address: string,
  fileName: RegExp,
  except: Set<string> = new Set(),
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await allMails()).find(
          (m) => to(m, address) && !except.has(m.id) && pdfNames(m).some((name) => fileName.test(name)),
        );
        return Boolean(found);
      },
      { timeout: 60_000, message: `a mail to ${address} with ${fileName.source}` },
    )
    .toBe(true);
  return found!;
}

test('a client pays a first consultation after accepting the fee agreement; the lawyer validates; the fee note and the agreement arrive', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = `Convention ${Date.now().toString(36)}`;

  await signInAsDemoClient(page);

  await page.goto('/');
  await page.getByLabel('Ville ou code postal').fill('Paris');
  await page.getByLabel('Domaines de compétences').selectOption('droit-du-travail');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.getByRole('link', { name: 'Camille Durand', exact: true }).click();
  // The price is on the profile before anything is asked.
  await expect(page.getByText(/80\s€ TTC · payé à la réservation/).first()).toBeVisible();
  await page
    .getByRole('region', { name: 'Prendre rendez-vous' })
    .getByRole('link', { name: 'Prendre rendez-vous' })
    .click();

  const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec .*Camille Durand/ });
  await dialog.getByRole('radio', { name: /payé en ligne à la réservation/ }).check();
  await dialog.getByRole('group', { name: 'Type de rendez-vous' }).getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Choisir un créneau' }).click();
  const slot = dialog.locator('.bd__day').first().getByRole('button').first();
  await expect(slot).toBeVisible();
  await slot.click();
  await expect(dialog.getByRole('heading', { name: 'Vos informations' })).toBeVisible();
  await dialog.getByLabel(/^Message pour l.avocate/).fill(tag);
  await dialog.getByRole('button', { name: 'Continuer' }).click();

  // The agreement, filled by the server with both parties, the service and the fee, accepted by its own box.
  const agreement = dialog.getByRole('document', { name: 'Texte de la convention d’honoraires' });
  await expect(agreement).toContainText('Camille Durand');
  await expect(agreement).toContainText('80');
  const pay = dialog.getByRole('button', { name: 'Confirmer et payer' });
  await expect(pay).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'J’ai lu et j’accepte la convention d’honoraires' }).check();
  await expect(pay).toBeEnabled();
  await pay.click();

  // The provider's hosted page (the loopback simulation), another site than the product's.
  await expect(page.getByRole('heading', { name: 'Simulation de paiement' })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  await page.getByLabel('Titulaire').fill('Client Démo');
  await page.getByLabel('IBAN ou numéro de carte').fill('4242424242424242');
  await page.getByRole('button', { name: /^Payer 80,00 € \(simulation\)$/ }).click();
  // Back on the appointment: a request waiting for the lawyer, with its signed agreement.
  await expect(page).toHaveURL(/\/appointments\/[A-Za-z0-9_-]+$/);
  const ref = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText('Convention signée').first()).toBeVisible();
  // Fee notes the demo client already had (the demo's paid meeting): the one of this booking comes after.
  const earlierFeeNotes = new Set(
    (await allMails())
      .filter((m) => to(m, DEMO.attendee.email) && /^Note d’honoraires/.test(m.subject))
      .map((m) => m.id),
  );

  // The lawyer validates from the request mail's signed link (the payment is captured then).
  const request = await waitForMail(DEMO.professional.email, /^Nouvelle demande de rendez-vous le /, {
    contains: tag,
  });
  const validate = request.text?.match(/Valider le rendez-vous : (\S+)/)?.[1];
  expect(validate).toBeTruthy();
  const lawyerContext = await browser.newContext();
  const lawyer = await lawyerContext.newPage();
  await lawyer.goto(validate!);
  await expect(lawyer.getByRole('alert')).toHaveText(
    'Le rendez-vous est validé ; le client reçoit un email de confirmation',
  );
  await lawyerContext.close();

  // The client's mailbox: the agreement they accepted and the fee note issued at capture, both as PDFs.
  const agreementPdf = new RegExp(`^convention-honoraires-${ref}\\.pdf$`);
  const signed = await mailWithPdf(DEMO.attendee.email, agreementPdf);
  expect(signed.subject).toBe('Convention d’honoraires signée');
  const feeNote = await mailWithPdf(
    DEMO.attendee.email,
    /^Note-d-honoraires-\d{4}-\d{4}\.pdf$/,
    earlierFeeNotes,
  );
  expect(feeNote.subject).toMatch(/^Note d’honoraires \d{4}-\d{4} — .*Camille Durand$/);
  expect(feeNote.text).toMatch(/80,00\s€ TTC/);
  // The lawyer received the signed agreement too.
  expect((await mailWithPdf(DEMO.professional.email, agreementPdf)).subject).toBe(
    'Convention d’honoraires signée',
  );
});

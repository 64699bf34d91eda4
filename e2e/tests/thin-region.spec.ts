import { expect, test } from '@playwright/test';
import { withDb } from './db';
import { DEMO, signInAsDemoClient } from './demo-accounts';
import { waitForMail } from './mailbox';

/** The e2e stack's Jitsi: the loopback visio simulation (scripts/start-stack.sh, VISIO_FAKE_PORT = base + 51). */
const JITSI_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT_BASE ?? 3100) + 51}`;

// A client on a phone at the tip of Brittany, where the demo has nobody within 200 km: the search says how far
// it looked and offers the lawyers who consult by video or phone; the client books one of them remotely.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const FAMILY = 'droit-de-la-famille-des-personnes-et-de-leur-patrimoine';

test('a client in Plouzané searching family law finds lawyers who consult remotely and books by video or phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  let ref: string | undefined;
  try {
    await signInAsDemoClient(page);

    // The home search, as a client types it.
    await page.goto('/');
    await page.getByLabel('Ville ou code postal').fill('Plouzané');
    await page.getByLabel('Domaines de compétences').selectOption(FAMILY);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(new RegExp(`/avocats/plouzane/${FAMILY}$`));
    await expect(page.getByText('Aucun avocat à moins de 200 km.')).toBeVisible();
    await expect(
      page.getByText(/Aucun avocat trouvé pour votre recherche à Plouzané ni à moins de 200 km, mais/),
    ).toBeVisible();
    // The page keeps its own canonical URL and stays out of the index (its cards are other pages').
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/avocats/plouzane/${FAMILY}$`),
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const remote = page.getByRole('region', { name: /en visio ou par téléphone$/ });
    const first = remote.getByRole('article').first();
    await expect(first).toBeVisible();
    await expect(first.getByRole('list', { name: 'Rendez-vous possibles' })).toContainText(/Visio|Téléphone/);
    const name = (await first.getByRole('heading', { level: 3 }).textContent())!.trim();
    await first.getByRole('link', { name: `Voir le profil de ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split(' ').pop()!);

    await page
      .getByRole('region', { name: 'Prendre rendez-vous' })
      .getByRole('link', { name: 'Prendre rendez-vous' })
      .click();
    const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec/ });
    const motives = dialog.getByRole('group', { name: /motif de votre rendez-vous/ }).getByRole('radio');
    const modes = dialog.getByRole('group', { name: 'Type de rendez-vous' });
    // The first motive that can be held by video (else by phone): a video mode is offered only by a
    // professional who can give a link.
    await expect(motives.first()).toBeVisible();
    let remoteMode = modes.getByRole('radio', { name: /En visio|Par téléphone/ }).first();
    for (let i = 0; i < (await motives.count()); i++) {
      await motives.nth(i).check();
      const video = modes.getByRole('radio', { name: /En visio/ });
      remoteMode = (await video.count())
        ? video.first()
        : modes.getByRole('radio', { name: /En visio|Par téléphone/ }).first();
      if (await video.count()) break;
    }
    await remoteMode.check();
    const chosenMode = (await remoteMode.evaluate((input) => (input as HTMLInputElement).value)) as string;
    await dialog.getByRole('button', { name: 'Choisir un créneau' }).click();
    const slot = dialog.locator('.bd__day').first().getByRole('button').first();
    await expect(slot).toBeVisible();
    await slot.click();
    await expect(dialog.getByRole('heading', { name: 'Vos informations' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await expect(dialog.getByText(chosenMode === 'visio' ? 'En visio' : 'Par téléphone')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await expect(dialog.getByRole('heading', { name: 'Demande de rendez-vous envoyée' })).toBeVisible();
    ref = (await dialog.getByRole('link', { name: 'Voir mon rendez-vous' }).getAttribute('href'))!
      .split('/')
      .pop();
    const booked = await withDb((db) =>
      db.query<{ mode: string }>('SELECT mode FROM appointments WHERE ref_appointment = $1', [ref]),
    );
    expect(booked.rows[0].mode).toBe(chosenMode);

    // The Plouzané lawyers consult by video: the site's Jitsi gives every one of them a room.
    expect(chosenMode).toBe('visio');
    // The lawyer validates from the request mail's link; the client's confirmation carries the room of the
    // lawyer's provider: the demo's lawyers have no calendar for Meet or Teams, so the site's Jitsi.
    const lawyer = await withDb((db) =>
      db.query<{ email: string; provider: string | null; own_link_url: string | null }>(
        `SELECT u.email, v.provider, v.own_link_url FROM appointments a JOIN users u ON u.id = a.user_id
           LEFT JOIN visio_settings v ON v.user_id = u.id WHERE a.ref_appointment = $1`,
        [ref],
      ),
    );
    const { email, provider, own_link_url: ownLink } = lawyer.rows[0];
    const expectedLink =
      provider === 'own_link' && ownLink
        ? new RegExp(`^${ownLink.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
        : new RegExp(`^${JITSI_BASE_URL}/[A-Za-z]+-[A-Za-z0-9]{20}$`);
    const request = await waitForMail(email, /^Nouvelle demande de rendez-vous le /, {
      contains: DEMO.attendee.email,
    });
    const validate = request.text?.match(/Valider le rendez-vous : (\S+)/)?.[1];
    expect(validate).toBeTruthy();
    const lawyerContext = await browser.newContext();
    const lawyerPage = await lawyerContext.newPage();
    await lawyerPage.goto(validate!);
    await expect(lawyerPage.getByRole('alert')).toHaveText(
      'Le rendez-vous est validé ; le client reçoit un email de confirmation',
    );
    await lawyerContext.close();

    const confirmation = await waitForMail(DEMO.attendee.email, /^Votre rendez-vous du .+ est confirmé$/, {
      contains: ref,
    });
    const mailed = confirmation.text?.match(/Lien visio : (\S+)/)?.[1];
    expect(mailed).toMatch(expectedLink);
    expect(confirmation.attachments?.some((attachment) => /\.ics$/.test(attachment.fileName ?? ''))).toBe(
      true,
    );
    // The appointment page shows the same room, once confirmed.
    await page.goto(`/appointments/${ref}`);
    await expect(page.getByRole('link', { name: 'Rejoindre la visio' })).toHaveAttribute('href', mailed!);
  } finally {
    if (ref)
      await withDb((db) =>
        db.query(`UPDATE appointments SET status = 'cancelled' WHERE ref_appointment = $1`, [ref]),
      );
  }
});

test('an unknown commune answers its 404 inside the site’s header and footer', async ({ page }) => {
  const response = await page.goto('/avocats/plouzanne-sur-mer');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await expect(page.getByRole('banner').getByRole('link', { name: /accueil/ })).toBeVisible();
  await expect(page.locator('footer.site-footer')).toHaveCount(1);
});

import { expect, test } from '@playwright/test';
import { createProfessionalWithoutAgenda, withDb } from './db';
import { DEMO, signInAsDemoClient } from './demo-accounts';

// A client on a phone looks for a lawyer in Brest, where nobody is registered, and finds
// the ones practising nearby, each with its distance; the city page keeps its canonical URL.
test.use({ viewport: { width: 390, height: 844 } });

test('a client looking in Brest finds the lawyers of nearby communes with their distance', async ({
  page,
}) => {
  const lawyer = await createProfessionalWithoutAgenda(
    'proche-brest',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  await withDb((db) =>
    db.query(
      `UPDATE users u SET city_id = c.id, latitude = c.latitude, longitude = c.longitude
       FROM cities c WHERE c.city_uri = 'guipavas' AND u.id = $1`,
      [lawyer.id],
    ),
  );
  try {
    await page.goto('/avocats/brest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avocats à Brest');
    await expect(page.getByText(/Aucun avocat trouvé pour votre recherche à Brest, mais/)).toBeVisible();
    const nearby = page.getByRole('region', { name: 'Avocats près de Brest' });
    const card = nearby.getByRole('article', { name: new RegExp(lawyer.lastName) });
    await expect(card.getByText(/^À (≈ )?\d+(,\d)? km : Guipavas$/)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/avocats\/brest$/);

    // A narrower radius is a filter: same content around, not indexed.
    await nearby.getByRole('link', { name: '10 km' }).click();
    await expect(page).toHaveURL(/\/avocats\/brest\?rayon=10#proximite$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page
      .getByRole('region', { name: 'Avocats près de Brest' })
      .getByRole('link', { name: `Voir le profil de ${lawyer.firstName} ${lawyer.lastName}` })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lawyer.lastName);
  } finally {
    await withDb((db) => db.query('DELETE FROM users WHERE id = $1', [lawyer.id]));
  }
});

test('a commune typed with an abbreviation leads to the right city page', async ({ page }) => {
  const response = await page.goto('/avocats/st-etienne');
  expect(response?.status()).toBe(404);
  const suggestions = page.getByRole('navigation', { name: 'Communes proches de votre recherche' });
  await suggestions.getByRole('link', { name: 'Saint-Étienne (42)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avocats à Saint-Étienne');
});

test('the directory leads to a department page that lists its communes and professionals', async ({
  page,
}) => {
  await page.goto('/avocats');
  await page.getByRole('link', { name: /^75 Paris$/ }).click();
  await expect(page).toHaveURL(/\/avocats\/departement\/75$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Avocats dans le département Paris \(75\)$/,
  );
  await expect(
    page.getByRole('navigation', { name: 'Communes du département Paris' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('a signed-in client looking in Brest books a lawyer of a nearby commune', async ({ page }) => {
  test.setTimeout(120_000);
  // A demo lawyer with opening hours, moved to Guipavas for the journey (and put back after).
  const moved = await withDb(async (db) => {
    const { rows } = await db.query(
      `SELECT u.id, u.city_id, u.latitude, u.longitude, u.first_name, u.last_name FROM users u
       WHERE u.is_demo AND u.is_public AND u.accepts_online_booking AND u.email <> $1
         AND EXISTS (SELECT 1 FROM calendars c JOIN weekly_availabilities w ON w.calendar_id = c.id WHERE c.user_id = u.id)
         AND EXISTS (SELECT 1 FROM motives m WHERE m.user_id = u.id AND m.is_active)
       ORDER BY u.last_name, u.id LIMIT 1`,
      [DEMO.professional.email],
    );
    await db.query(
      `UPDATE users u SET city_id = c.id, latitude = c.latitude, longitude = c.longitude
       FROM cities c WHERE c.city_uri = 'guipavas' AND u.id = $1`,
      [rows[0].id],
    );
    return rows[0] as {
      id: string;
      city_id: number;
      latitude: number;
      longitude: number;
      first_name: string;
      last_name: string;
    };
  });
  const name = `${moved.first_name} ${moved.last_name}`;
  let ref: string | undefined;
  try {
    await signInAsDemoClient(page);

    await page.goto('/avocats/brest');
    const nearby = page.getByRole('region', { name: 'Avocats près de Brest' });
    await expect(
      nearby
        .getByRole('article', { name: new RegExp(moved.last_name) })
        .getByText(/^À (≈ )?\d+(,\d)? km : Guipavas$/),
    ).toBeVisible();
    await nearby.getByRole('link', { name: `Voir le profil de ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(moved.last_name);

    await page
      .getByRole('region', { name: 'Prendre rendez-vous' })
      .getByRole('link', { name: 'Prendre rendez-vous' })
      .click();
    const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec/ });
    await dialog
      .getByRole('group', { name: /motif de votre rendez-vous/ })
      .getByRole('radio')
      .first()
      .check();
    const modes = dialog.getByRole('group', { name: 'Type de rendez-vous' });
    if (await modes.count()) await modes.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: 'Choisir un créneau' }).click();
    const slot = dialog.locator('.bd__day').first().getByRole('button').first();
    await expect(slot).toBeVisible();
    await slot.click();
    // Signed in with a verified phone: straight to the infos step.
    await expect(dialog.getByRole('heading', { name: 'Vos informations' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await dialog.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await expect(dialog.getByRole('heading', { name: 'Demande de rendez-vous envoyée' })).toBeVisible();
    ref = (await dialog.getByRole('link', { name: 'Voir mon rendez-vous' }).getAttribute('href'))!
      .split('/')
      .pop();
    expect(ref).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  } finally {
    await withDb(async (db) => {
      if (ref)
        await db.query(`UPDATE appointments SET status = 'cancelled' WHERE ref_appointment = $1`, [ref]);
      await db.query('UPDATE users SET city_id = $2, latitude = $3, longitude = $4 WHERE id = $1', [
        moved.id,
        moved.city_id,
        moved.latitude,
        moved.longitude,
      ]);
    });
  }
});

test.describe('a client who shares their position', () => {
  // Standing in Landerneau, 20 km east of Brest.
  test.use({ geolocation: { latitude: 48.4508, longitude: -4.2494 }, permissions: ['geolocation'] });

  test('sorts the Brest listing nearest first from where they stand', async ({ page }) => {
    const [guipavas, landerneau] = await Promise.all([
      createProfessionalWithoutAgenda(
        'autour-guipavas',
        DEMO.professional.password,
        DEMO.professional.username,
      ),
      createProfessionalWithoutAgenda(
        'autour-landerneau',
        DEMO.professional.password,
        DEMO.professional.username,
      ),
    ]);
    await withDb(async (db) => {
      for (const [lawyer, cityUri] of [
        [guipavas, 'guipavas'],
        [landerneau, 'landerneau'],
      ] as const)
        await db.query(
          `UPDATE users u SET city_id = c.id, latitude = c.latitude, longitude = c.longitude
           FROM cities c WHERE c.city_uri = $2 AND u.id = $1`,
          [lawyer.id, cityUri],
        );
    });
    try {
      await page.goto('/avocats/brest');
      // Without a position, "Les plus proches" measures from Brest's centre: Guipavas comes first.
      await page.getByRole('link', { name: 'Les plus proches' }).click();
      await expect(page).toHaveURL(/\/avocats\/brest\?tri=proches$/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const names = page.getByRole('article').getByRole('heading');
      await expect(names.first()).toContainText(guipavas.lastName);

      await page.getByRole('button', { name: 'Autour de moi' }).click();
      await expect(page).toHaveURL(/\/avocats\/brest\?tri=proches&autour=48\.451%2C-4\.249$/);
      await expect(
        page.getByText(/à moins de 50 km de votre position, du plus proche au plus loin/),
      ).toBeVisible();
      const first = page.getByRole('article').first();
      await expect(first.getByRole('heading')).toContainText(landerneau.lastName);
      await expect(first.getByText(/^À (≈ )?0,\d km : Landerneau$/)).toBeVisible();
      await expect(
        page
          .getByRole('article', { name: new RegExp(guipavas.lastName) })
          .getByText(/^À (≈ )?1\d(,\d)? km : Guipavas$/),
      ).toBeVisible();
    } finally {
      await withDb((db) => db.query('DELETE FROM users WHERE id = ANY($1)', [[guipavas.id, landerneau.id]]));
    }
  });
});

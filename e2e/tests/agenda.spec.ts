import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './db';
import { DEMO, signInAsDemoProfessional } from './demo-accounts';
import { addDays, parisDay } from './paris-time';

// The demo lawyer's agenda, the way they live in it: day, week and month on a desktop (1,366 px) and a phone
// (390 px, where it opens on the day), the seeded week of appointments Monday to Friday, their own calendar's
// events greyed ("Occupé", titles on request), and an appointment dragged onto another's time put back with the
// API's French answer.

const SHOTS = '/work/shots';

/** The next Monday-to-Friday day after today in Paris: the seeded week's first upcoming working day. */
function nextWorkday(): string {
  let day = addDays(parisDay(new Date()), 1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/** Days from today (Paris) to `day`: how many times "next" brings the day view there. */
function daysAhead(day: string): number {
  return Math.round(
    (Date.parse(`${day}T12:00:00Z`) - Date.parse(`${parisDay(new Date())}T12:00:00Z`)) / 86_400_000,
  );
}

/** The demo lawyer's own calendar holds a lunch and an after-hours visit that day (as a sync would cache them). */
async function busyEventsOn(day: string) {
  await withDb(async (db) => {
    const { rows } = await db.query('SELECT id FROM users WHERE username = $1', [DEMO.professional.username]);
    const at = (time: string) => `${day}T${time}:00+01:00`;
    const events = [
      ['e2e-agenda-dejeuner', at('12:30'), at('14:00'), 'Déjeuner – commission de l’Ordre'],
      ['e2e-agenda-expertise', at('18:30'), at('20:00'), 'Expertise judiciaire – accedit'],
    ];
    for (const [externalId, start, end, title] of events)
      await db.query(
        `INSERT INTO external_busy_times (user_id, source, external_id, starts_at, ends_at, title)
         VALUES ($1, 'caldav', $2, $3, $4, $5)
         ON CONFLICT (user_id, source, external_id) DO UPDATE SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at`,
        [rows[0].id, externalId, start, end, title],
      );
  });
}

const calendar = (page: Page) => page.getByRole('region', { name: 'Agenda' });
/** The view switcher: FullCalendar renders it as tabs ("Affichage Jour"). */
const viewButton = (page: Page, name: string) =>
  calendar(page).getByRole('tab', { name: `Affichage ${name}`, exact: true });

/** No horizontal scroll: the page is as wide as the window. */
async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.window);
}

for (const width of [1366, 390] as const) {
  test(`the agenda in day, week and month at ${width} px, with the other calendar greyed`, async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const day = nextWorkday();
    await busyEventsOn(day);
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      isMobile: width === 390,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const page = await context.newPage();
    await signInAsDemoProfessional(page);
    await page.evaluate(() => localStorage.removeItem('rdv.agenda.showBusyTitles'));
    await page.goto('/user/events?vue=agenda');
    await expect(calendar(page)).toBeVisible();

    // A phone opens on the day (seven columns cannot show a name at 390 px), a desktop on the week.
    const title = calendar(page).getByRole('heading', { level: 2 });
    if (width === 390) {
      await expect(viewButton(page, 'Jour')).toHaveAttribute('aria-selected', 'true');
    } else {
      await expect(viewButton(page, 'Semaine')).toHaveAttribute('aria-selected', 'true');
      await viewButton(page, 'Jour').click();
    }
    const todayTitle = await title.textContent();
    for (let i = 0; i < daysAhead(day); i++)
      await calendar(page)
        .getByRole('button', { name: /^Suivant/ })
        .click();
    await expect(title).not.toHaveText(todayTitle ?? '');
    // The seeded working day: a client's consultation by name, and the lawyer's own events greyed.
    await expect(calendar(page).getByRole('button', { name: /Sarah Benali/ })).toBeVisible();
    await expect(calendar(page).getByText('Occupé', { exact: true })).toHaveCount(2);
    await expect(calendar(page).getByText('Déjeuner – commission de l’Ordre')).toHaveCount(0);
    await page.getByLabel('Afficher les titres de mes autres agendas').check();
    await expect(calendar(page).getByText('Déjeuner – commission de l’Ordre')).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/agenda-day-${width}.png`, fullPage: true });

    await viewButton(page, 'Semaine').click();
    // Her consultation by its accessible name: in a phone's narrow week column the box can hide its title text
    // (hidden in a run of 13:00Z, shown in one of 12:16Z of the same code and data).
    await expect(
      calendar(page)
        .getByRole('button', { name: /Sarah Benali/ })
        .first(),
    ).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/agenda-week-${width}.png`, fullPage: true });

    await viewButton(page, 'Mois').click();
    await expect(title).toHaveText(/^[a-zéû]+ \d{4}$/);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/agenda-month-${width}.png`, fullPage: true });

    await viewButton(page, 'Planning').click();
    await expect(
      calendar(page)
        .getByText(/Sarah Benali/)
        .first(),
    ).toBeVisible();
    await context.close();
  });
}

test('drag to move: onto another appointment’s time it is refused in French and put back; onto a free time it moves', async ({
  page,
}) => {
  // Tall enough for the whole day: the pointer stays inside the window from 07 h to 21 h.
  await page.setViewportSize({ width: 1366, height: 1600 });
  const day = nextWorkday();
  await signInAsDemoProfessional(page);
  await page.goto('/user/events?vue=agenda');
  await viewButton(page, 'Jour').click();
  for (let i = 0; i < daysAhead(day); i++)
    await calendar(page)
      .getByRole('button', { name: /^Suivant/ })
      .click();
  // The seeded day: Sarah Benali at 09:30 (1 h), Karim Haddad at 14:30 and Élise Perrin's call at 16:30.
  const moving = calendar(page).getByRole('button', { name: /Élise Perrin/ });
  const sarah = calendar(page).getByRole('button', { name: /Sarah Benali/ });
  const karim = calendar(page).getByRole('button', { name: /Karim Haddad/ });
  await expect(moving).toBeVisible();
  const from = (await moving.boundingBox())!;
  const target = (await sarah.boundingBox())!;
  const pxPerMinute = ((await karim.boundingBox())!.y - target.y) / 300;
  /** Drags the call by `minutes` from where it is now (the error banner moves the agenda down). */
  const drag = async (minutes: number) => {
    const box = (await moving.boundingBox())!;
    const x = box.x + box.width / 2;
    const grabY = box.y + box.height / 2;
    const toY = grabY + minutes * pxPerMinute;
    await page.mouse.move(x, grabY);
    await page.mouse.down();
    await page.mouse.move(x, grabY + 10, { steps: 4 });
    await page.mouse.move(x, toY, { steps: 12 });
    await page.mouse.up();
  };

  // Onto Sarah Benali's consultation (its middle, 10:00): the API answers 409 and the call goes back.
  await drag((target.y + target.height / 2 - (from.y + from.height / 2)) / pxPerMinute);
  await expect(page.getByRole('alert').filter({ hasText: 'Ce créneau est déjà occupé' })).toBeVisible();
  await expect(moving).toHaveAccessibleName(/^16:30 – 16:50/);

  // One hour later, where nothing is: moved, and the client told (the move dialog's message).
  await drag(60);
  await expect(page.getByText('Le rendez-vous est déplacé ; le client en est informé')).toBeVisible();
  await expect(moving).toHaveAccessibleName(/^17:30 – 17:50/);
});

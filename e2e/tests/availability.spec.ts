import { expect, test, type Page } from '@playwright/test';
import { createProfessionalWithoutAgenda, type FreshProfessional } from './db';
import { DEMO } from './demo-accounts';
import { addDays, isWorkingDay, parisDay, parisInstant, shortDay } from './paris-time';

// A professional creates a motive and weekly hours in their space, and the public profile
// shows exactly the matching slots, at the right local times (Europe/Paris).

const MOTIVE = 'Consultation test';
/** Every weekday 09:00-11:00, 30-minute appointments, no notice: four start times a day. */
const DAILY_TIMES = ['09:00', '09:30', '10:00', '10:30'];

/** The slots the engine must offer from `now`, day by day (working days only), as local times. */
function expectedSlots(now: Date, days: number): Array<{ day: string; times: string[] }> {
  const today = parisDay(now);
  const result: Array<{ day: string; times: string[] }> = [];
  for (let i = 0; i < 40 && result.length < days; i++) {
    const day = addDays(today, i);
    if (!isWorkingDay(day)) continue;
    const times = DAILY_TIMES.filter((t) => parisInstant(day, t).getTime() >= now.getTime());
    if (times.length > 0) result.push({ day, times });
  }
  return result;
}

/** The first `count` slots from `now`, as the profile's links read: "Réserver le lun. 23 nov. à 09:00". */
function firstSlots(now: Date, count: number): string[] {
  return expectedSlots(now, count)
    .flatMap(({ day, times }) => times.map((t) => `Réserver le ${shortDay(day)} à ${t}`))
    .slice(0, count);
}

async function signIn(page: Page, professional: FreshProfessional) {
  await page.goto('/user/connexion');
  await page.getByLabel('Email ou identifiant').fill(professional.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(professional.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

test('a professional creates a motive and weekly hours, and the public profile shows the matching slots', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const professional = await createProfessionalWithoutAgenda(
    'e2e-horaires',
    DEMO.professional.password,
    DEMO.professional.username,
  );
  const profile = `/avocat/${professional.userUri}`;

  // Before anything is set: no slot on the profile.
  await page.goto(profile);
  const booking = page.getByRole('region', { name: 'Prendre rendez-vous' });
  await expect(booking.getByText('Pas de créneau libre dans les prochains jours')).toBeVisible();
  await expect(booking.locator('a.slot')).toHaveCount(0);

  await signIn(page, professional);

  // A motive: 30 minutes, no notice, in person.
  await page.goto('/user/motifs');
  await expect(page.getByRole('heading', { name: 'Motifs de rendez-vous' })).toBeVisible();
  await expect(page.getByText('Aucun motif pour l’instant')).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau motif' }).click();
  const motiveDialog = page.getByRole('dialog', { name: 'Nouveau motif de rendez-vous' });
  await motiveDialog.getByLabel('Titre du motif').fill(MOTIVE);
  await motiveDialog.getByLabel('Durée', { exact: true }).fill('30');
  await motiveDialog.getByLabel('Délai minimum avant le rendez-vous').fill('0');
  await expect(motiveDialog.getByRole('checkbox', { name: 'Au cabinet' })).toBeChecked();
  await motiveDialog.getByRole('button', { name: 'Créer le motif' }).click();
  await expect(motiveDialog).toBeHidden();
  const motives = page.getByRole('list', { name: 'Motifs de rendez-vous' });
  const row = motives.getByRole('listitem', { name: MOTIVE });
  await expect(row).toContainText('30 min');
  await expect(row).toContainText('délai : aucun délai');

  // A calendar (the first one is the default agenda visitors book into).
  await page.goto('/user/calendriers');
  await expect(page.getByText('Aucun calendrier')).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau calendrier' }).click();
  const calendarDialog = page.getByRole('dialog', { name: 'Nouveau calendrier' });
  await calendarDialog.getByLabel('Nom du calendrier').fill('Cabinet');
  await calendarDialog.getByRole('button', { name: 'Créer le calendrier' }).click();
  await expect(calendarDialog).toBeHidden();
  const calendars = page.getByRole('list', { name: 'Calendriers' });
  await expect(calendars.getByRole('listitem')).toHaveCount(1);
  await expect(calendars.getByRole('listitem').first()).toContainText('Par défaut');
  await calendars.getByRole('link', { name: 'Horaires de « Cabinet »' }).click();
  await expect(page).toHaveURL(/\/user\/calendrier\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Horaires : Cabinet' })).toBeVisible();

  // Weekly hours: Monday 09:00-11:00, copied to Tuesday-Friday.
  const week = page.getByRole('form', { name: 'Horaires de la semaine' });
  await week.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
  const monday = week.getByRole('group', { name: 'Plage du lundi' });
  await monday.getByLabel('Début').fill('09:00');
  await monday.getByLabel('Fin').fill('11:00');
  await week.getByRole('button', { name: 'Copier sur mardi – vendredi' }).click();
  for (const day of ['mardi', 'mercredi', 'jeudi', 'vendredi']) {
    const range = week.getByRole('group', { name: `Plage du ${day}` });
    await expect(range).toHaveCount(1);
    await expect(range.getByLabel('Début')).toHaveValue('09:00');
    await expect(range.getByLabel('Fin')).toHaveValue('11:00');
  }
  for (const day of ['samedi', 'dimanche']) {
    await expect(week.getByRole('group', { name: `Plage du ${day}` })).toHaveCount(0);
  }
  await week.getByRole('button', { name: 'Enregistrer la semaine' }).click();
  await expect(week.getByRole('status')).toHaveText('Horaires enregistrés');
  // Saved for real: a reload shows the same week.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Plage du vendredi' }).getByLabel('Fin')).toHaveValue('11:00');

  // The public profile: the next three slots are the first start times of the next working days.
  const before = new Date();
  await page.goto(profile);
  const after = new Date();
  const shown = booking.locator('a.slot');
  await expect(shown).toHaveCount(3);
  const texts = (await shown.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  const expectedNow = firstSlots(before, 3);
  const expectedLater = firstSlots(after, 3);
  expect([expectedNow, expectedLater]).toContainEqual(texts);

  // The booking dialog lists the days with their four start times; the weekend and holidays are closed.
  await booking.getByRole('link', { name: 'Prendre rendez-vous' }).click();
  const dialog = page.getByRole('dialog', { name: /Prendre rendez-vous avec/ });
  await expect(dialog.getByRole('heading', { name: 'Motif du rendez-vous' })).toBeVisible();
  // The only motive and its only mode are chosen already.
  await expect(dialog.getByRole('radio', { name: new RegExp(MOTIVE) })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Au cabinet' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Choisir un créneau' }).click();
  await expect(dialog.getByRole('heading', { name: 'Choisissez un créneau' })).toBeVisible();
  await expect(dialog.getByText(`${MOTIVE} · 30 min`)).toBeVisible();

  const now = new Date();
  const days = expectedSlots(now, 4);
  const dayTitles = dialog.locator('.bd__day-title');
  await expect(dayTitles).toHaveText(
    days.map(({ day }) => new RegExp(`^${shortDay(day).replace(/\./g, '\\.')}$`, 'i')),
  );
  // A whole working day after today: exactly 09:00, 09:30, 10:00 and 10:30, local time.
  const full = days.find(({ day }) => day !== parisDay(now))!;
  const fullDay = dialog.getByRole('region', { name: new RegExp(`^${shortDay(full.day)}$`, 'i') });
  await expect(fullDay.getByRole('button')).toHaveText(DAILY_TIMES);
  await expect(fullDay.getByRole('button').first()).toHaveAccessibleName(/ à 09:00$/);
});

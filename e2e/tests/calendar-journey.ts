import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from './demo-accounts';
import { parisDay } from './paris-time';

/** The slot starts the public slot API offers on `day` for a motive and a mode, as ISO instants. */
export async function offeredStarts(
  request: APIRequestContext,
  userId: string,
  motiveId: string,
  day: string,
  mode: string,
): Promise<string[]> {
  const answer = await request.get(
    `/api/v1/users/${userId}/slots?motiveId=${motiveId}&from=${day}&to=${day}&mode=${mode}`,
  );
  expect(answer.status()).toBe(200);
  const { slots } = (await answer.json()) as { slots: Array<{ start: string }> };
  return slots.map((s) => new Date(s.start).toISOString());
}

/**
 * The start of every calendar-sync journey (CalDAV, Office 365, Exchange): the demo lawyer signed in through the
 * API, one of their motives with the mode booked below (some days offer only some modes), and the first day from
 * the day after tomorrow with at least two free slots (the first to be blocked by an external event, the last
 * to be booked). `offered()` reads that day's slots again.
 */
export async function demoLawyerFreeDay(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', {
    data: { username: DEMO.professional.username, password: DEMO.professional.password },
  });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { _id: string } };
  const lawyer = { authorization: `Bearer ${token}` };
  const motives = (
    (await (await request.get(`/api/v1/users/${user._id}/booking-motives`)).json()) as Array<{
      id: string;
      modes: string[];
      paymentRule: 'free' | 'at_booking';
    }>
  ).filter((m) => m.paymentRule !== 'at_booking'); // a paid motive waits for the client's payment before validation
  const motive = motives.find((m) => m.modes.includes('in_person')) ?? motives[0];
  const mode = motive.modes.includes('in_person') ? 'in_person' : motive.modes[0];
  let day = '';
  let starts: string[] = [];
  for (let i = 2; i < 20 && starts.length < 2; i++) {
    day = parisDay(new Date(Date.now() + i * 86_400_000));
    starts = await offeredStarts(request, user._id, motive.id, day, mode);
  }
  expect(starts.length).toBeGreaterThanOrEqual(2);
  const offered = () => offeredStarts(request, user._id, motive.id, day, mode);
  return { user, lawyer, motive, mode, day, starts, offered };
}

/**
 * Right after a connection the card's dialog says the account's main calendar already blocks, proposes it as
 * where validated appointments are written, and saves that choice.
 */
export async function acceptConnectionDefaults(page: Page, mainCalendar: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Calendrier connecté : / });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(`Les événements de « ${mainCalendar} » bloquent déjà vos créneaux en ligne`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Où inscrire vos rendez-vous validés ?' })).toHaveText(
    `Dans « ${mainCalendar} »`,
  );
  await dialog.getByRole('button', { name: 'Enregistrer ces choix' }).click();
  await expect(dialog).toBeHidden();
  const calendar = page.getByRole('group', { name: `Calendrier ${mainCalendar}` });
  await expect(calendar.getByRole('switch', { name: 'Ses événements bloquent mes créneaux' })).toBeChecked();
  await expect(calendar.getByRole('switch', { name: 'Y inscrire mes rendez-vous validés' })).toBeChecked();
}

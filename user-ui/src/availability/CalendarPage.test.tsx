import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const CALENDAR_ID = 'cccccccc-0000-4000-8000-000000000001';
const MOTIVE_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

function setup() {
  const api = fakeApi([
    ...signedIn(),
    {
      path: `${API_USER}/calendars`,
      body: [{ id: CALENDAR_ID, name: 'Cabinet', color: '#b3261e', position: 0, isDefault: true }],
    },
    {
      path: `${API_USER}/motives`,
      body: [
        {
          id: MOTIVE_ID,
          title: 'Première consultation',
          durationMinutes: 60,
          noticeMinutes: 0,
          notBeforeHour: null,
          notAfterMonths: 3,
          inPersonAllowed: true,
          visioAllowed: false,
          phoneAllowed: false,
          isActive: true,
          position: 0,
        },
      ],
    },
    {
      path: `/api/v1/calendars/${CALENDAR_ID}/weekly-availabilities`,
      body: {
        calendarId: CALENDAR_ID,
        ranges: [{ weekday: 1, startTime: '09:00', endTime: '12:00', motiveIds: null }],
      },
    },
    {
      method: 'PUT',
      path: `/api/v1/calendars/${CALENDAR_ID}/weekly-availabilities`,
      body: {
        calendarId: CALENDAR_ID,
        ranges: [
          { weekday: 1, startTime: '09:00', endTime: '12:00', motiveIds: null },
          { weekday: 1, startTime: '13:00', endTime: '16:00', motiveIds: null },
        ],
      },
    },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(`/user/calendrier/${CALENDAR_ID}`);
  return api;
}

const monday = async () => screen.findByRole('group', { name: 'Lundi' });

describe('weekly availabilities editor /user/calendrier/{id}', () => {
  it('shows the week of the calendar, closed days included', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Horaires : Cabinet' })).toBeTruthy();
    const day = await monday();
    expect((within(day).getByLabelText('Début') as HTMLInputElement).value).toBe('09:00');
    expect((within(day).getByLabelText('Fin') as HTMLInputElement).value).toBe('12:00');
    expect(within(screen.getByRole('group', { name: 'Dimanche' })).getByText('Fermé')).toBeTruthy();
  });

  it('refuses overlapping ranges of one day, without calling the API', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une plage le lundi' }));
    const day = await monday();
    const starts = within(day).getAllByLabelText('Début');
    expect((starts[1] as HTMLInputElement).value).toBe('13:00');
    fireEvent.change(starts[1]!, { target: { value: '11:00' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la semaine' }));

    expect(
      await within(day).findByText('Cette plage chevauche la plage 09:00 – 12:00 du lundi'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('refuses a range whose end is before its start', async () => {
    const { calls } = setup();
    const day = await monday();
    fireEvent.change(within(day).getByLabelText('Fin'), { target: { value: '08:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la semaine' }));

    expect(await within(day).findByText('L’heure de fin doit être après l’heure de début')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the whole week, ranges limited to no motive sent as null', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une plage le lundi' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la semaine' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ranges: [
        { weekday: 1, startTime: '09:00', endTime: '12:00', motiveIds: null },
        { weekday: 1, startTime: '13:00', endTime: '16:00', motiveIds: null },
      ],
    });
    expect(await screen.findByText('Horaires enregistrés')).toBeTruthy();
  });

  it('shows the API’s 400 message as it comes', async () => {
    const api = fakeApi([
      ...signedIn(),
      { path: `${API_USER}/calendars`, body: [] },
      { path: `${API_USER}/motives`, body: [] },
      {
        path: `/api/v1/calendars/${CALENDAR_ID}/weekly-availabilities`,
        body: { calendarId: CALENDAR_ID, ranges: [] },
      },
      {
        method: 'PUT',
        path: `/api/v1/calendars/${CALENDAR_ID}/weekly-availabilities`,
        status: 400,
        body: { statusCode: 400, code: 'UNKNOWN_MOTIVE', message: 'Motif inconnu' },
      },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(`/user/calendrier/${CALENDAR_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une plage le mardi' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la semaine' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Motif inconnu');
  });

  it('asks before leaving with unsaved ranges', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une plage le mardi' }));
    await user.click(screen.getByRole('link', { name: 'Calendriers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Horaires : Cabinet' })).toBeTruthy();
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
  });
});

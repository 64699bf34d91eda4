import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = {
  amplitudeStart: '08:30',
  amplitudeEnd: '19:00',
  visioEnabled: true,
  phoneEnabled: false,
  holidayCountry: null,
  effectiveHolidayCountry: 'FR',
  timezone: 'Europe/Paris',
};

function setup(extra: Parameters<typeof fakeApi>[0] = []) {
  const year = new Date().getFullYear();
  const api = fakeApi([
    ...signedIn(),
    ...extra,
    { path: `${API_USER}/availability-settings`, body: SETTINGS },
    {
      path: `${API_USER}/holidays`,
      body: [{ id: 'h1', startsOn: `${year + 1}-08-03`, endsOn: `${year + 1}-08-21`, label: 'Congés d’été' }],
    },
    { path: `${API_USER}/unavailabilities`, body: [] },
    {
      path: `${API_USER}/calendars`,
      body: [{ id: 'c1', name: 'Cabinet', color: '#b3261e', position: 0, isDefault: true }],
    },
    {
      path: `${API_USER}/public-holidays`,
      body: {
        country: 'FR',
        year,
        holidays: [
          { date: `${year}-05-01`, name: 'Fête du travail', month: `${year}-05`, worked: false },
          { date: `${year}-07-14`, name: 'Fête Nationale de la France', month: `${year}-07`, worked: true },
        ],
        workedMonths: [`${year}-07`],
      },
    },
    {
      method: 'PUT',
      path: new RegExp(`^${API_USER}/public-holidays/\\d{4}-\\d{2}$`),
      body: { month: `${year}-05`, worked: true },
    },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/periodes-de-vacances');
  return { ...api, year };
}

describe('holidays page /user/periodes-de-vacances', () => {
  it('lists holidays and refuses a last day before the first one', async () => {
    const { calls } = setup();
    expect(await screen.findByText(/Du 3 août \d{4} au 21 août \d{4}/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Ajouter des vacances' });
    fireEvent.change(within(form).getByLabelText('Premier jour'), { target: { value: '2027-08-10' } });
    fireEvent.change(within(form).getByLabelText('Dernier jour'), { target: { value: '2027-08-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText('La date de fin doit être le jour du début ou après')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a one-off unavailability as Paris instants for every calendar', async () => {
    const { calls } = setup([
      {
        method: 'POST',
        path: `${API_USER}/unavailabilities`,
        body: {
          id: 'u1',
          calendarId: null,
          startsAt: '2027-03-10T13:00:00.000Z',
          endsAt: '2027-03-10T17:00:00.000Z',
          reason: 'Audience',
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Ajouter une indisponibilité' });
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: '2027-03-10' } });
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: '2027-03-10' } });
    await userEvent.type(within(form).getByLabelText('Raison (facultatif)'), 'Audience');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      startsAt: '2027-03-10T14:00:00+01:00',
      endsAt: '2027-03-10T18:00:00+01:00',
      reason: 'Audience',
    });
  });

  it('refuses an unavailability that ends before it starts', async () => {
    setup();
    const form = await screen.findByRole('form', { name: 'Ajouter une indisponibilité' });
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: '2027-03-10' } });
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: '2027-03-09' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText('La fin doit être après le début')).toBeTruthy();
  });

  it('marks the public holidays of a month as worked', async () => {
    const { calls, year } = setup();
    const section = await screen.findByRole('region', { name: 'Jours fériés' });
    const may = await within(section).findByRole('switch', {
      name: `Travailler les jours fériés de mai ${year}`,
    });
    expect((may as HTMLInputElement).checked).toBe(false);
    expect(
      (
        within(section).getByRole('switch', {
          name: `Travailler les jours fériés de juillet ${year}`,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await userEvent.click(may);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`${API_USER}/public-holidays/${year}-05`);
    expect(put?.body).toEqual({ worked: true });
  });
});

describe('settings page /user/setting', () => {
  it('refuses an amplitude ending before it starts and switches phone appointments on', async () => {
    const { fetchMock, calls } = fakeApi([
      ...signedIn(),
      { path: `${API_USER}/availability-settings`, body: SETTINGS },
      { method: 'PUT', path: `${API_USER}/availability-settings`, body: { ...SETTINGS, phoneEnabled: true } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/setting');
    const form = await screen.findByRole('form', { name: 'Amplitude horaire' });
    fireEvent.change(within(form).getByLabelText('Dernier rendez-vous fini à'), {
      target: { value: '07:00' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('La fin de l’amplitude doit être après son début')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('switch', { name: /Rendez-vous par téléphone/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ phoneEnabled: true }));
    expect(await screen.findByText('Paramètres enregistrés')).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = {
  ...ACCOUNT,
  userUri: 'claire-martin',
  spoken_languages: ['fr'],
  copy_emails: [],
  indexable: true,
  teamId: null,
};
const SPECIALITIES = [
  { _id: 1, slug: 'droit-de-la-famille', name: 'Droit de la famille' },
  { _id: 2, slug: 'droit-du-travail', name: 'Droit du travail' },
];
const LYON = { cityUri: 'lyon', name: 'Lyon', departmentCode: '69', postalCodes: ['69001', '69002'] };

function setup(extra: FakeRoute[] = []) {
  const api = fakeApi([
    ...extra,
    ...signedIn(),
    { path: API_USER, body: PROFILE },
    { path: '/api/v1/specialities', body: SPECIALITIES },
    { path: '/api/v1/cities/autocomplete', body: [LYON] },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/setting');
  return api;
}

describe('settings page /user/setting: my practice (commune, address, specialities, fees)', () => {
  it('says the profile is not listed yet, then saves the commune, address, specialities in order and fees', async () => {
    const saved = {
      ...PROFILE,
      city: { cityUri: 'lyon', name: 'Lyon', postalCodes: ['69001', '69002'] },
      profile_completeness: { listed: true, missing_for_listing: [], missing: ['Photo'], percent: 88 },
    };
    const { calls } = setup([{ method: 'PUT', path: API_USER, body: saved }]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mon activité' });
    expect(
      screen.getByText(/n’apparaît pas encore dans l’annuaire : il manque ville d’exercice/),
    ).toBeTruthy();

    await user.type(within(form).getByLabelText(/Ville d’exercice/), 'Lyo');
    await user.click(await screen.findByRole('option', { name: 'Lyon (69001)' }));
    await user.type(within(form).getByLabelText('Adresse du cabinet'), '12 rue de la République');
    const specialities = within(form).getByLabelText('Domaines de compétence');
    await user.click(specialities);
    await user.click(await screen.findByRole('option', { name: 'Droit du travail' }));
    await user.click(specialities);
    await user.click(await screen.findByRole('option', { name: 'Droit de la famille' }));
    await user.type(within(form).getByLabelText('Honoraires'), 'Première consultation 80 € TTC');
    await user.click(within(form).getByLabelText('J’accepte les dossiers à l’aide juridictionnelle'));
    await user.type(within(form).getByLabelText('Barreau'), 'Lyo');
    await user.click(await screen.findByRole('option', { name: 'Barreau de Lyon' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.url === API_USER)).toHaveLength(1),
    );
    expect(calls.find((c) => c.method === 'PUT' && c.url === API_USER)?.body).toEqual({
      city_uri: 'lyon',
      street: '12 rue de la République',
      // the commune's first postal code, filled in when the commune was chosen
      postal_code: '69001',
      fees_info: 'Première consultation 80 € TTC',
      accepts_legal_aid: true,
      bar: 'lyon',
      speciality_ids: [2, 1],
    });
    expect(await screen.findByText(/Votre profil apparaît dans l’annuaire/)).toBeTruthy();
  });

  it('refuses a malformed postal code in French without calling the API', async () => {
    const { calls } = setup();
    const form = await screen.findByRole('form', { name: 'Mon activité' });
    await userEvent.type(within(form).getByLabelText('Code postal'), '69A');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText('Le code postal doit contenir 5 chiffres (4 en Belgique et en Suisse)'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('dashboard: my public profile', () => {
  it('shows what keeps the profile out of the directory and links to the form', async () => {
    const api = fakeApi([
      ...signedIn(),
      { path: /\/api\/v1\/users\/.+\/events$/, body: { data: [], total: 0 } },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/');
    expect(await screen.findByText('Pas encore visible')).toBeTruthy();
    expect(screen.getByText('Ville d’exercice', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Profil complété à 40 %' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compléter mon profil' }).getAttribute('href')).toBe(
      '/user/setting#cabinet',
    );
  });
});

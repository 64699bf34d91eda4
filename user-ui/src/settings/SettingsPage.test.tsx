import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = {
  ...ACCOUNT,
  civility: 'Me',
  telephone: '+33612345678',
  userUri: 'claire-martin',
  presentation_title: 'Avocate en droit de la famille',
  presentation: 'Divorces et successions.',
  spoken_languages: ['fr'],
  picture: null,
  mail_copy_activated: false,
  copy_emails: [],
  indexable: true,
  teamId: 't1',
};

const AGENDA = {
  amplitudeStart: null,
  amplitudeEnd: null,
  visioEnabled: true,
  phoneEnabled: true,
  holidayCountry: null,
  effectiveHolidayCountry: 'FR',
  timezone: 'Europe/Paris',
};

const DEFAULT_TEMPLATE = 'Nouvelle demande de rendez-vous pour {{professional.name}}';
const CHAT = {
  webhookUrl: null,
  messageTemplate: null,
  enabled: false,
  defaultTemplate: DEFAULT_TEMPLATE,
  variables: [{ name: 'professional.name', label: 'Nom du professionnel' }],
  teamId: 't1',
};

function setup(extra: FakeRoute[] = [], chat: object = CHAT) {
  const api = fakeApi([
    ...extra,
    ...signedIn(),
    { path: API_USER, body: PROFILE },
    { path: `${API_USER}/availability-settings`, body: AGENDA },
    { path: `${API_USER}/chat-settings`, body: chat },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/setting');
  return api;
}

const puts = (calls: ReturnType<typeof fakeApi>['calls'], url: string) =>
  calls.filter((c) => c.method === 'PUT' && c.url === url);

describe('settings page /user/setting: profile', () => {
  it('shows the profile and saves the changed fields, with a link to the public page', async () => {
    const { calls } = setup([
      {
        method: 'PUT',
        path: API_USER,
        body: { ...PROFILE, presentation_title: 'Avocate au barreau de Lyon' },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Mon profil' });
    const title = within(form).getByLabelText('Titre de présentation');
    expect((title as HTMLInputElement).value).toBe('Avocate en droit de la famille');
    expect(within(form).getByRole('link', { name: 'Voir ma page publique' }).getAttribute('href')).toBe(
      '/avocat/claire-martin',
    );
    await userEvent.clear(title);
    await userEvent.type(title, 'Avocate au barreau de Lyon');
    // No number is published until the professional types one here (the account's mobile stays private).
    const publicPhone = within(form).getByLabelText('Téléphone affiché sur votre profil');
    expect((publicPhone as HTMLInputElement).value).toBe('');
    await userEvent.type(publicPhone, '04 78 00 00 00');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(puts(calls, API_USER)).toHaveLength(1));
    expect(puts(calls, API_USER)[0]?.body).toEqual({
      civility: 'Me',
      first_name: 'Claire',
      last_name: 'Martin',
      presentation_title: 'Avocate au barreau de Lyon',
      public_phone: '04 78 00 00 00',
      presentation: 'Divorces et successions.',
      spoken_languages: ['fr'],
    });
    expect(await screen.findByText('Profil enregistré')).toBeTruthy();
  });

  it('refuses an empty last name before any call and shows the API’s refusal in French', async () => {
    const { calls } = setup([
      {
        method: 'PUT',
        path: API_USER,
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Le prénom est obligatoire' },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Mon profil' });
    await userEvent.clear(within(form).getByLabelText(/^Nom/));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le nom est obligatoire')).toBeTruthy();
    expect(puts(calls, API_USER)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Nom/), 'Durand');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le prénom est obligatoire')).toBeTruthy();
  });

  it('lets the professional opt out of search engines with one switch', async () => {
    const { calls } = setup([{ method: 'PUT', path: API_USER, body: { ...PROFILE, indexable: false } }]);
    const toggle = await screen.findByRole('switch', { name: /Apparaître dans les moteurs de recherche/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(puts(calls, API_USER)[0]?.body).toEqual({ indexable: false }));
    expect(await screen.findByText(/Désactivé : votre page reste visible sur le site/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: /moteurs de recherche/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('turns mail copies on for the addresses typed, refusing a bad address first', async () => {
    const { calls } = setup([
      {
        method: 'PUT',
        path: API_USER,
        body: {
          ...PROFILE,
          mail_copy_activated: true,
          copy_emails: ['secretariat@cabinet.fr', 'associe@cabinet.fr'],
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Emails en copie' });
    await userEvent.click(within(form).getByRole('switch', { name: /Envoyer une copie/ }));
    const addresses = within(form).getByLabelText('Adresses en copie');
    await userEvent.type(addresses, 'secretariat@cabinet.fr{enter}pas-un-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Veuillez renseigner un email valide (pas-un-email)')).toBeTruthy();
    expect(puts(calls, API_USER)).toHaveLength(0);

    await userEvent.clear(addresses);
    await userEvent.type(addresses, 'Secretariat@cabinet.fr{enter}associe@cabinet.fr');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(puts(calls, API_USER)[0]?.body).toEqual({
        mail_copy_activated: true,
        copy_emails: ['secretariat@cabinet.fr', 'associe@cabinet.fr'],
      }),
    );
  });
});

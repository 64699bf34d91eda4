import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const CONNECTIONS = `${API_USER}/calendar-connections`;
const FEED_URL = 'http://localhost:3000/api/v1/calendar-feeds/u1/old-token.ics';
const ICLOUD = {
  id: 'c1',
  provider: 'apple',
  accountLabel: 'claire@icloud.com',
  serverUrl: 'https://caldav.icloud.com',
  status: 'active',
  lastError: null,
  lastErrorAt: null,
  lastOkAt: '2026-05-12T07:30:00.000Z',
  pauseBookingWhenBroken: false,
  calendars: [
    {
      id: 'k1',
      displayName: 'Audiences',
      color: '#1e88e5',
      useForBusy: false,
      isWriteTarget: false,
      allDayBlocks: true,
      lastSyncedAt: null,
    },
  ],
};

function setupRoutes(connections: object[], extra: FakeRoute[] = []) {
  return fakeApi([
    ...extra,
    ...signedIn(),
    {
      path: API_USER,
      body: { ...ACCOUNT, copy_emails: [], spoken_languages: [], indexable: true, teamId: null },
    },
    {
      path: `${API_USER}/availability-settings`,
      body: {
        amplitudeStart: null,
        amplitudeEnd: null,
        visioEnabled: true,
        phoneEnabled: true,
        holidayCountry: null,
        effectiveHolidayCountry: 'FR',
        timezone: 'Europe/Paris',
      },
    },
    {
      path: `${API_USER}/chat-settings`,
      body: {
        webhookUrl: null,
        messageTemplate: null,
        enabled: false,
        defaultTemplate: '',
        variables: [],
        teamId: null,
      },
    },
    { path: CONNECTIONS, body: connections },
    { path: `${API_USER}/calendar-feed`, body: { url: FEED_URL } },
  ]);
}

function setup(connections: object[], extra: FakeRoute[] = []) {
  const api = setupRoutes(connections, extra);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/setting');
  return api;
}

const card = async () =>
  (
    await screen.findByRole('heading', { name: 'Synchronisation de vos calendriers' }, { timeout: 10_000 })
  ).closest('#synchronisation-calendriers') as HTMLElement;

describe('settings page: Synchronisation de vos calendriers', () => {
  it('shows a connected account, its last sync and calendars; choosing a busy calendar saves it', async () => {
    const api = setup(
      [ICLOUD],
      [
        {
          method: 'PATCH',
          path: `${CONNECTIONS}/c1/calendars/k1`,
          body: { ...ICLOUD.calendars[0], useForBusy: true },
        },
      ],
    );
    const section = await within(await card()).findByRole('region', {
      name: 'Apple iCloud claire@icloud.com',
    });
    expect(within(section).getByText('Connecté')).toBeTruthy();
    expect(
      within(section).getByText(/Dernière synchronisation réussie : mardi 12 mai 2026 à 09:30/),
    ).toBeTruthy();
    const audiences = within(section).getByRole('group', { name: 'Calendrier Audiences' });
    await userEvent.click(
      within(audiences).getByRole('switch', { name: 'Ses événements bloquent mes créneaux' }),
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([
        expect.objectContaining({ url: `${CONNECTIONS}/c1/calendars/k1`, body: { useForBusy: true } }),
      ]),
    );
  });

  it('connects an iCloud account with an app-specific password and shows the server refusal in French', async () => {
    const refusal = "Le serveur de calendrier a refusé l'identifiant ou le mot de passe.";
    const api = setup(
      [],
      [
        {
          method: 'POST',
          path: `${CONNECTIONS}/caldav`,
          status: 400,
          body: { statusCode: 400, code: 'CALENDAR_CREDENTIALS_REFUSED', message: refusal },
        },
      ],
    );
    const form = await within(await card()).findByRole('form', { name: 'Connecter un calendrier' });
    await userEvent.click(within(form).getByRole('button', { name: 'Connecter' }));
    expect(await within(form).findByText('L’identifiant et le mot de passe sont obligatoires')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Identifiant Apple'), 'c@icloud.fr');
    await userEvent.type(within(form).getByLabelText('Mot de passe pour application'), 'abcd-efgh');
    await userEvent.click(within(form).getByRole('button', { name: 'Connecter' }));
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        url: `${CONNECTIONS}/caldav`,
        body: { provider: 'apple', username: 'c@icloud.fr', password: 'abcd-efgh' },
      }),
    ]);
  });

  it('asks for the server address of another CalDAV server', async () => {
    setup([]);
    const form = await within(await card()).findByRole('form', { name: 'Connecter un calendrier' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Fournisseur' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Autre serveur CalDAV' }));
    await userEvent.type(within(form).getByLabelText('Identifiant'), 'claire');
    await userEvent.type(within(form).getByLabelText('Mot de passe'), 'secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Connecter' }));
    expect(await within(form).findByText('Indiquez l’adresse du serveur CalDAV (https://…)')).toBeTruthy();
  });

  it('says a broken account must be reconnected, and disconnects it', async () => {
    const broken = {
      ...ICLOUD,
      status: 'needs_reauth',
      lastError: 'Le compte a refusé nos identifiants : reconnectez-le.',
    };
    const api = setup([broken], [{ method: 'DELETE', path: `${CONNECTIONS}/c1`, status: 204 }]);
    const section = await within(await card()).findByRole('region', {
      name: 'Apple iCloud claire@icloud.com',
    });
    expect(within(section).getByText('À reconnecter')).toBeTruthy();
    expect(within(section).getByText('Le compte a refusé nos identifiants : reconnectez-le.')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Déconnecter' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${CONNECTIONS}/c1`]),
    );
  });

  it('shows the private ICS feed address and replaces it on demand', async () => {
    const next = 'http://localhost:3000/api/v1/calendar-feeds/u1/new-token.ics';
    const api = setup(
      [],
      [{ method: 'POST', path: `${API_USER}/calendar-feed/regenerate`, body: { url: next } }],
    );
    const feed = await within(await card()).findByRole('region', { name: 'Abonnement ICS' });
    const address = within(feed).getByLabelText('Adresse de l’abonnement') as HTMLInputElement;
    await waitFor(() => expect(address.value).toBe(FEED_URL));
    await userEvent.click(within(feed).getByRole('button', { name: 'Générer une nouvelle adresse' }));
    await waitFor(() => expect(address.value).toBe(next));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${API_USER}/calendar-feed/regenerate`,
    ]);
  });

  it('offers the configured online calendars and sends the browser to the consent page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = setup(
      [],
      [
        { path: `${CONNECTIONS}/oauth`, body: { providers: ['google'] } },
        {
          method: 'POST',
          path: `${CONNECTIONS}/oauth/google`,
          status: 201,
          body: { authorizationUrl: 'https://accounts.example/consent?state=s' },
        },
      ],
    );
    const online = await within(await card()).findByRole('region', { name: 'Connecter un agenda en ligne' });
    expect(within(online).queryByRole('button', { name: 'Connecter Office 365' })).toBeNull();
    await userEvent.click(within(online).getByRole('button', { name: 'Connecter Google Agenda' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/consent?state=s'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${CONNECTIONS}/oauth/google`,
    ]);
  });

  it('offers Outlook.com and Office 365 when the Microsoft app is configured, and reconnects a broken Office 365 account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const broken = {
      ...ICLOUD,
      id: 'm1',
      provider: 'office365',
      accountLabel: 'claire@cabinet.fr',
      serverUrl: null,
      status: 'needs_reauth',
      lastError: 'Le compte a refusé nos identifiants : reconnectez-le.',
    };
    const api = setup(
      [broken],
      [
        { path: `${CONNECTIONS}/oauth`, body: { providers: ['outlook', 'office365'] } },
        {
          method: 'POST',
          path: `${CONNECTIONS}/oauth/office365`,
          status: 201,
          body: { authorizationUrl: 'https://login.example/common/oauth2/v2.0/authorize?state=s' },
        },
      ],
    );
    const online = await within(await card()).findByRole('region', { name: 'Connecter un agenda en ligne' });
    expect(within(online).getByRole('button', { name: 'Connecter Outlook.com' })).toBeTruthy();
    expect(within(online).queryByRole('button', { name: 'Connecter Google Agenda' })).toBeNull();
    expect(within(online).getByText(/Office 365 : compte professionnel Microsoft 365/)).toBeTruthy();
    const section = await within(await card()).findByRole('region', { name: 'Office 365 claire@cabinet.fr' });
    await userEvent.click(within(section).getByRole('button', { name: 'Reconnecter ce compte' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://login.example/common/oauth2/v2.0/authorize?state=s'),
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${CONNECTIONS}/oauth/office365`,
    ]);
  });

  it('shows the message the OAuth return left, and a reconnect button on a broken Google account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const broken = {
      ...ICLOUD,
      id: 'g1',
      provider: 'google',
      accountLabel: 'claire@gmail.com',
      serverUrl: null,
      status: 'needs_reauth',
      lastError: 'Le compte a refusé nos identifiants : reconnectez-le.',
    };
    const routes = setupRoutes(
      [broken],
      [
        {
          method: 'POST',
          path: `${CONNECTIONS}/oauth/google`,
          status: 201,
          body: { authorizationUrl: 'https://g/consent' },
        },
      ],
    );
    vi.stubGlobal('fetch', routes.fetchMock);
    renderApp('/user/setting?calendrier=connecte&message=Compte%20claire%40gmail.com%20connect%C3%A9.');
    expect(
      await screen.findByText(
        'Compte connecté. Choisissez les calendriers à synchroniser.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const section = await within(await card()).findByRole('region', {
      name: 'Google Agenda claire@gmail.com',
    });
    await userEvent.click(within(section).getByRole('button', { name: 'Reconnecter ce compte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://g/consent'));
  });

  it('lists every provider this server offers, and names in one sentence the ones its administrator did not enable', async () => {
    setup([], [{ path: `${CONNECTIONS}/oauth`, body: { providers: ['google', 'outlook', 'office365'] } }]);
    const section = await card();
    const online = await within(section).findByRole('region', { name: 'Connecter un agenda en ligne' });
    for (const name of ['Connecter Google Agenda', 'Connecter Outlook.com', 'Connecter Office 365'])
      expect(within(online).getByRole('button', { name })).toBeTruthy();
    expect(within(section).queryByText(/n’a pas activé/)).toBeNull();
    const form = within(section).getByRole('form', { name: 'Connecter un calendrier' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Fournisseur' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Apple iCloud',
      'Autre serveur CalDAV',
      'Exchange (serveur du cabinet)',
    ]);
    expect(section.textContent).not.toMatch(/bientôt/);
  });

  it('says the site administrator has not enabled the online calendars this server does not offer', async () => {
    setup([], [{ path: `${CONNECTIONS}/oauth`, body: { providers: ['google'] } }]);
    const section = await card();
    const online = await within(section).findByRole('region', { name: 'Connecter un agenda en ligne' });
    expect(within(online).getByRole('button', { name: 'Connecter Google Agenda' })).toBeTruthy();
    expect(
      within(online).getByText(
        'Outlook.com et Office 365 : l’administrateur du site n’a pas activé ces connexions.',
      ),
    ).toBeTruthy();
    expect(section.textContent).not.toMatch(/bientôt/);
  });

  it('after an OAuth return, asks whether every calendar blocks and where validated appointments are written', async () => {
    const google = {
      ...ICLOUD,
      id: 'g1',
      provider: 'google',
      accountLabel: 'claire@gmail.com',
      serverUrl: null,
      calendars: [
        { ...ICLOUD.calendars[0], id: 'k1', displayName: 'Claire', useForBusy: true },
        { ...ICLOUD.calendars[0], id: 'k2', displayName: 'Famille', useForBusy: false },
      ],
    };
    const routes = setupRoutes(
      [google],
      [
        { method: 'PATCH', path: `${CONNECTIONS}/g1/calendars/k1`, body: google.calendars[0] },
        { method: 'PATCH', path: `${CONNECTIONS}/g1/calendars/k2`, body: google.calendars[1] },
      ],
    );
    vi.stubGlobal('fetch', routes.fetchMock);
    renderApp('/user/setting?calendrier=connecte&message=x&connexion=g1#synchronisation-calendriers');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Calendrier connecté : claire@gmail.com' },
      { timeout: 10_000 },
    );
    expect(
      within(dialog).getByText(/Les événements de « Claire » bloquent déjà vos créneaux en ligne/),
    ).toBeTruthy();
    expect(
      (
        within(dialog).getByRole('radio', {
          name: 'Le calendrier principal seulement (« Claire »)',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    // The write-back target is proposed: the main calendar, since the lawyer has none yet.
    expect(
      within(dialog).getByRole('combobox', { name: 'Où inscrire vos rendez-vous validés ?' }).textContent,
    ).toBe('Dans « Claire »');
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Tous les calendriers de ce compte (2)' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer ces choix' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(routes.calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ url: `${CONNECTIONS}/g1/calendars/k1`, body: { isWriteTarget: true } }),
      expect.objectContaining({ url: `${CONNECTIONS}/g1/calendars/k2`, body: { useForBusy: true } }),
    ]);
  });

  it('a link to the card (the dashboard’s) scrolls the settings page down to it once it has loaded', async () => {
    const scrolled: Element[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0));
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const routes = setupRoutes([ICLOUD]);
      vi.stubGlobal('fetch', routes.fetchMock);
      renderApp('/user/setting#synchronisation-calendriers');
      const section = await card();
      await waitFor(() => expect(scrolled).toEqual([section]));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

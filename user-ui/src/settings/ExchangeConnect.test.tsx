import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const CONNECTIONS = `${API_USER}/calendar-connections`;
const EWS = 'https://mail.cabinet.fr/EWS/Exchange.asmx';
const BROKEN_EXCHANGE = {
  id: 'x1',
  provider: 'exchange',
  accountLabel: 'CABINET\\claire',
  serverUrl: EWS,
  status: 'needs_reauth',
  lastError: 'Le compte a refusé nos identifiants : reconnectez-le.',
  lastErrorAt: '2026-11-20T08:00:00.000Z',
  lastOkAt: '2026-11-19T07:30:00.000Z',
  pauseBookingWhenBroken: false,
  calendars: [
    {
      id: 'k1',
      displayName: 'Calendrier',
      color: null,
      useForBusy: true,
      isWriteTarget: true,
      allDayBlocks: false,
      lastSyncedAt: null,
    },
  ],
};

function setup(connections: object[], extra: FakeRoute[] = []) {
  const api = fakeApi([
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
    { path: `${API_USER}/calendar-feed`, body: { url: 'http://localhost:3000/feed.ics' } },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/setting');
  return api;
}

const card = async () =>
  (
    await screen.findByRole('heading', { name: 'Synchronisation de vos calendriers' }, { timeout: 10_000 })
  ).closest('#synchronisation-calendriers') as HTMLElement;

describe('settings page: an on-premise Exchange calendar', () => {
  it('tells Microsoft 365 users to use Office 365, asks for the EWS address, and shows the server refusal', async () => {
    const refusal = "Le serveur Exchange a refusé l'identifiant ou le mot de passe.";
    const api = setup(
      [],
      [
        {
          method: 'POST',
          path: `${CONNECTIONS}/exchange`,
          status: 400,
          body: { statusCode: 400, code: 'CALENDAR_CREDENTIALS_REFUSED', message: refusal },
        },
      ],
    );
    const form = await within(await card()).findByRole('form', { name: 'Connecter un calendrier' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Fournisseur' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Exchange (serveur du cabinet)' }));
    expect(
      within(form).getByText(
        /Microsoft y ferme l’accès EWS \(bloqué à partir d’octobre 2026, supprimé en avril 2027\)/,
      ),
    ).toBeTruthy();
    // This server offers no Office 365 connection: the notice says who can enable it.
    expect(
      within(form).getByText(
        /la connexion Office 365 est faite pour elle, mais l’administrateur du site ne l’a pas activée/,
      ),
    ).toBeTruthy();

    // paste, not type: a long address typed key by key makes a slow test
    await userEvent.click(within(form).getByLabelText('Identifiant'));
    await userEvent.paste('CABINET\\claire');
    await userEvent.type(within(form).getByLabelText('Mot de passe'), 'secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Connecter' }));
    expect(
      await within(form).findByText('Indiquez l’adresse du serveur Exchange (https://…/EWS/Exchange.asmx)'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(within(form).getByLabelText('Adresse du serveur Exchange'));
    await userEvent.paste(EWS);
    await userEvent.click(within(form).getByRole('button', { name: 'Connecter' }));
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        url: `${CONNECTIONS}/exchange`,
        body: { serverUrl: EWS, username: 'CABINET\\claire', password: 'secret' },
      }),
    ]);
  });

  it('reconnects a broken Exchange account with its new password', async () => {
    const api = setup(
      [BROKEN_EXCHANGE],
      [
        {
          method: 'POST',
          path: `${CONNECTIONS}/exchange`,
          status: 201,
          body: { ...BROKEN_EXCHANGE, status: 'active', lastError: null },
        },
      ],
    );
    const section = await within(await card()).findByRole('region', { name: 'Exchange CABINET\\claire' });
    expect(within(section).getByText('À reconnecter')).toBeTruthy();
    expect(within(section).getByText('Le compte a refusé nos identifiants : reconnectez-le.')).toBeTruthy();
    const reconnect = within(section).getByRole('form', { name: 'Reconnecter le compte Exchange' });
    await userEvent.type(within(reconnect).getByLabelText('Nouveau mot de passe Exchange'), 'nouveau');
    await userEvent.click(within(reconnect).getByRole('button', { name: 'Reconnecter ce compte' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({
          url: `${CONNECTIONS}/exchange`,
          body: { serverUrl: EWS, username: 'CABINET\\claire', password: 'nouveau' },
        }),
      ]),
    );
  });
});

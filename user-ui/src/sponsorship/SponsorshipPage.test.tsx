import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const API = `${API_USER}/sponsorship`;
const SPONSORSHIP = {
  code: 'CMAR-7K2P',
  link: 'https://rdv.example/demande-inscription?parrain=CMAR-7K2P',
  reward_rule: 'Pour chaque avocat que vous parrainez et qui s’abonne, vous recevez 100 € par virement.',
  referrals: [
    {
      email: 'paul.roux@example.fr',
      name: 'Paul Roux',
      state: 'subscribed',
      invited_at: '2026-09-01T10:00:00.000Z',
      signed_up_at: '2026-09-03T10:00:00.000Z',
      subscribed_at: '2026-10-01T10:00:00.000Z',
    },
    {
      email: 'ines.haddad@example.fr',
      name: null,
      state: 'invited',
      invited_at: '2026-11-20T10:00:00.000Z',
      signed_up_at: null,
      subscribed_at: null,
    },
  ],
  bank_details: null,
};

function setup(routes: FakeRoute[]) {
  const api = fakeApi([...routes, ...signedIn(), { path: API, body: SPONSORSHIP }]);
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderApp('/user/parrainage');
  return { calls: api.calls, user: userEvent.setup() };
}

describe('sponsorship /user/parrainage', () => {
  it('shows the code, the link, the reward rule and each referral’s state', async () => {
    setup([]);
    expect(await screen.findByLabelText('Code de parrainage')).toHaveProperty('textContent', 'CMAR-7K2P');
    expect((screen.getByLabelText('Lien de parrainage') as HTMLInputElement).value).toBe(SPONSORSHIP.link);
    expect(screen.getByText(SPONSORSHIP.reward_rule)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Vos parrainages' })).getAllByRole('row');
    expect(rows[1].textContent).toContain('Paul Roux');
    expect(rows[1].textContent).toContain('Abonné');
    expect(rows[2].textContent).toContain('ines.haddad@example.fr');
    expect(rows[2].textContent).toContain('Invité');
    expect(screen.getByText('Aucun compte enregistré.')).toBeTruthy();
  });

  it('invites a colleague and shows a refusal under the field', async () => {
    const invited = {
      ...SPONSORSHIP,
      referrals: [
        ...SPONSORSHIP.referrals,
        {
          email: 'new@example.fr',
          name: null,
          state: 'invited',
          invited_at: '2026-11-25T10:00:00.000Z',
          signed_up_at: null,
          subscribed_at: null,
        },
      ],
    };
    const { calls, user } = setup([
      { method: 'POST', path: `${API}/invitations`, status: 201, body: invited },
    ]);
    const form = await screen.findByRole('form', { name: 'Inviter un confrère' });
    await user.type(within(form).getByLabelText('Email du confrère'), 'pas-un-email');
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await within(form).findByText('Veuillez renseigner un email valide')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Email du confrère'));
    await user.type(within(form).getByLabelText('Email du confrère'), 'New@Example.fr');
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await within(form).findByText('Invitation envoyée à new@example.fr')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'new@example.fr' });
    expect(
      within(screen.getByRole('table', { name: 'Vos parrainages' })).getByText('new@example.fr'),
    ).toBeTruthy();
  });

  it('checks the IBAN in French before sending it, then shows it masked', async () => {
    const saved = {
      ...SPONSORSHIP,
      bank_details: { masked_iban: 'FR76 •••• 0189', updated_at: '2026-11-25T10:00:00.000Z' },
    };
    const { calls, user } = setup([{ method: 'PUT', path: `${API}/bank-details`, body: saved }]);
    await user.click(await screen.findByRole('button', { name: 'Renseigner mon IBAN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coordonnées bancaires' });
    await user.type(within(dialog).getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 188');
    await user.type(within(dialog).getByLabelText('BIC'), 'BNPAFRPP');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(/Cet IBAN n’est pas valide/)).toBeTruthy();
    expect(within(dialog).getByText('Veuillez renseigner le titulaire du compte')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('IBAN'));
    await user.type(within(dialog).getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 189');
    await user.type(within(dialog).getByLabelText('Titulaire du compte'), 'Claire Martin');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('FR76 •••• 0189')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'BNPAFRPP',
      holder: 'Claire Martin',
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = {
  ...ACCOUNT,
  telephone: '+33612345678',
  phoneVerifiedAt: '2026-10-01T10:00:00.000Z',
  timezone: 'Europe/Paris',
  language: 'fr',
  spoken_languages: ['fr'],
  picture: null,
  mail_copy_activated: false,
  copy_emails: [],
  indexable: true,
};
const AGENDA = {
  amplitudeStart: null,
  amplitudeEnd: null,
  visioEnabled: true,
  phoneEnabled: true,
  timezone: 'Europe/Paris',
};

function setup(extra: FakeRoute[] = []) {
  const api = fakeApi([
    ...extra,
    ...signedIn(),
    { path: API_USER, body: PROFILE },
    { path: `${API_USER}/availability-settings`, body: AGENDA },
    { path: '/api/v1/timezones', body: ['Europe/Brussels', 'Europe/Paris', 'Europe/Zurich'] },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/setting');
  return { calls: api.calls, user: userEvent.setup() };
}

const posted = (calls: { method: string; url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.endsWith(path));

describe('settings page /user/setting: my account', () => {
  it('asks for a new address and the current password, then says where the link went', async () => {
    const { calls, user } = setup([
      {
        method: 'POST',
        path: '/api/v1/auth/user/change-email',
        status: 202,
        body: { message: 'Un lien de confirmation a été envoyé à claire@cabinet-martin.fr.' },
      },
    ]);
    const card = await screen.findByRole('heading', { name: 'Mon compte' });
    expect(screen.getByText('claire.martin@example.fr')).toBeTruthy();
    expect(screen.getByText('Vérifié')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Changer : adresse email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer d’adresse email' });
    await user.type(within(dialog).getByLabelText(/Nouvelle adresse email/), 'pas-un-email');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(await within(dialog).findByText('Le mot de passe actuel est obligatoire')).toBeTruthy();
    expect(posted(calls, '/change-email')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Nouvelle adresse email/));
    await user.type(within(dialog).getByLabelText(/Nouvelle adresse email/), 'Claire@Cabinet-Martin.fr');
    await user.type(within(dialog).getByLabelText(/Mot de passe actuel/), 'une phrase de passe');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await screen.findByText('Un lien de confirmation a été envoyé à claire@cabinet-martin.fr.'),
    ).toBeTruthy();
    expect(posted(calls, '/change-email')[0].body).toEqual({
      email: 'claire@cabinet-martin.fr',
      current_password: 'une phrase de passe',
    });
    expect(card).toBeTruthy();
  });

  it('shows the "Double authentification" card: no second factor yet, and the two ways to add one', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Double authentification' })).toBeTruthy();
    expect(await screen.findByText('Aucun second facteur n’est activé.')).toBeTruthy();
    expect(screen.getByText('Codes de secours restants : 0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une application d’authentification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une clé d’accès' })).toBeTruthy();
    const asked = calls.find((c) => c.url === '/api/v1/auth/second-factors');
    expect(asked?.method).toBe('GET');
    expect(asked?.headers.get('x-rdv-session')).toBe('user');
  });

  it('shows a wrong current password in the dialog and changes nothing', async () => {
    const { calls, user } = setup([
      {
        method: 'POST',
        path: '/api/v1/auth/user/change-password',
        status: 400,
        body: { statusCode: 400, code: 'CURRENT_PASSWORD_INVALID', message: 'Mot de passe actuel incorrect' },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Changer : mot de passe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le mot de passe' });
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'mauvais');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'nouvelle phrase');
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'autre phrase');
    await user.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(dialog).findByText('Les mots de passe sont différents')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'));
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'nouvelle phrase');
    await user.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(dialog).findByText('Mot de passe actuel incorrect')).toBeTruthy();
    // The refusal does not end this session.
    expect(calls.some((c) => c.url.endsWith('/logout'))).toBe(false);
  });

  it('changes the password and keeps this session with the new token', async () => {
    const { calls, user } = setup([
      {
        method: 'POST',
        path: '/api/v1/auth/user/change-password',
        body: {
          message: 'Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées.',
          token: 'jwt-user-2',
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Changer : mot de passe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le mot de passe' });
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'une phrase de passe');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'nouvelle phrase');
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'nouvelle phrase');
    await user.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText(/Vos autres sessions ont été déconnectées/)).toBeTruthy();
    // The API renews this session's HttpOnly cookie itself: the answered token is copied nowhere a script reads.
    expect(document.cookie).not.toContain('jwt-user-2');
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt-user-2');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('jwt-user-2');
    expect(calls.some((c) => c.url.endsWith('/logout'))).toBe(false);
    expect(posted(calls, '/change-password')[0].body).toEqual({
      current_password: 'une phrase de passe',
      password: 'nouvelle phrase',
      password_confirmation: 'nouvelle phrase',
    });
  });

  it('moves to a new phone number once the SMS code is typed', async () => {
    const { calls, user } = setup([
      {
        method: 'POST',
        path: `${API_USER}/send-token-to-verify-number`,
        body: {
          message: 'Un code de vérification vous a été envoyé par SMS.',
          phone: '+32470123456',
          expiresAt: '2026-11-25T12:10:00Z',
        },
      },
      {
        method: 'POST',
        path: `${API_USER}/verify-token-to-validate-number`,
        body: {
          message: 'Votre numéro de téléphone est vérifié.',
          user: { ...PROFILE, telephone: '+32470123456', country: 'BE' },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Changer : téléphone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer de numéro de téléphone' });
    await user.type(within(dialog).getByLabelText(/Nouveau numéro/), '0470 12 34');
    await user.click(within(dialog).getByRole('button', { name: 'Recevoir un code' }));
    expect(await within(dialog).findByText(/numéro de téléphone valide/)).toBeTruthy();
    expect(posted(calls, '/send-token-to-verify-number')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Pays'));
    await user.click(await screen.findByRole('option', { name: /Belgique/ }));
    await user.clear(within(dialog).getByLabelText(/Nouveau numéro/));
    await user.type(within(dialog).getByLabelText(/Nouveau numéro/), '0470 12 34 56');
    await user.click(within(dialog).getByRole('button', { name: 'Recevoir un code' }));
    expect(await within(dialog).findByText(/envoyé par SMS au \+32470123456/)).toBeTruthy();
    expect(posted(calls, '/send-token-to-verify-number')[0].body).toEqual({ phoneNumber: '+32470123456' });

    await user.type(within(dialog).getByLabelText(/Code reçu par SMS/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le code' }));
    expect(await screen.findByText('Votre numéro de téléphone est vérifié.')).toBeTruthy();
    expect(screen.getByText('+32470123456')).toBeTruthy();
    expect(posted(calls, '/verify-token-to-validate-number')[0].body).toEqual({ token: '123456' });
  });

  it('saves the time zone and the language', async () => {
    const { calls, user } = setup([
      { method: 'PUT', path: API_USER, body: { ...PROFILE, timezone: 'Europe/Zurich', language: 'en' } },
    ]);
    const form = await screen.findByRole('form', { name: 'Fuseau horaire et langue' });
    await user.click(within(form).getByLabelText('Fuseau horaire'));
    await user.click(await screen.findByRole('option', { name: 'Europe/Zurich' }));
    await user.click(within(form).getByLabelText('Langue'));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Préférences enregistrées')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.url.endsWith(API_USER))?.body).toEqual({
        timezone: 'Europe/Zurich',
        language: 'en',
      }),
    );
  });
});

describe('the link mailed to a new address /user/confirmer-email', () => {
  it('confirms the address on a click', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/api/v1/auth/user/confirm-email',
        body: {
          message: 'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
          email: 'c@x.fr',
        },
      },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/confirmer-email?token=abc');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirmer ma nouvelle adresse' }));
    expect(await screen.findByText(/Votre adresse email est modifiée/)).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'abc' });
  });

  it('says so when the link is expired', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/api/v1/auth/user/confirm-email',
        status: 400,
        body: {
          statusCode: 400,
          code: 'EMAIL_CHANGE_TOKEN_INVALID',
          message:
            'Ce lien de confirmation est invalide ou a expiré. Demandez un nouveau changement d’adresse depuis vos paramètres.',
        },
      },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/confirmer-email?token=old');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirmer ma nouvelle adresse' }));
    expect(await screen.findByText(/invalide ou a expiré/)).toBeTruthy();
  });
});

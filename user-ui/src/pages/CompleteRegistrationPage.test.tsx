import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';

const pending = { email: 'paul.durand@example.fr', first_name: 'Paul', last_name: 'Durand' };

afterEach(() => vi.unstubAllGlobals());

async function fillForm({
  cgu,
  privacy,
  phone = '06 12 34 56 78',
}: {
  cgu: boolean;
  privacy: boolean;
  phone?: string;
}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Mot de passe'), 'une phrase de passe');
  await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'une phrase de passe');
  await user.type(screen.getByLabelText('Téléphone'), phone);
  if (cgu) await user.click(screen.getByRole('checkbox', { name: /conditions générales d’utilisation/ }));
  if (privacy)
    await user.click(screen.getByRole('checkbox', { name: /politique de protection des données/ }));
  await user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
}

describe('sign-up completion /user/inscription/:userId', () => {
  it('shows whose account is being activated', async () => {
    const { fetchMock, calls } = fakeApi([{ path: '/api/v1/users/u7/registration', body: pending }]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/inscription/u7?token=mailed-secret');
    expect(await screen.findByText('Paul Durand')).toBeTruthy();
    expect(screen.getByText('paul.durand@example.fr')).toBeTruthy();
    // The token of the mailed link goes with both calls: the API answers 404 without it.
    expect(calls[0]?.url).toBe('/api/v1/users/u7/registration?token=mailed-secret');
  });

  it('carries the registration request over: its phone is pre-filled, its commune and office shown', async () => {
    const { fetchMock, calls } = fakeApi([
      {
        path: '/api/v1/users/u7/registration',
        body: {
          ...pending,
          telephone: '+32470123456',
          country: 'FR',
          city: { cityUri: 'lyon', name: 'Lyon', postalCodes: ['69001'] },
          office_name: 'Cabinet Durand',
        },
      },
      {
        method: 'POST',
        path: '/api/v1/users/u7/complete-registration',
        body: { message: 'ok' },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/inscription/u7?token=mailed-secret');
    expect(await screen.findByText('Commune d’exercice : Lyon')).toBeTruthy();
    expect(screen.getByText('Cabinet : Cabinet Durand')).toBeTruthy();
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('0470 12 34 56');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mot de passe'), 'une phrase de passe');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'une phrase de passe');
    await user.click(screen.getByRole('checkbox', { name: /conditions générales d’utilisation/ }));
    await user.click(screen.getByRole('checkbox', { name: /politique de protection des données/ }));
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    await screen.findByText('Votre inscription est terminée. Vous pouvez maintenant vous connecter.');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ telephone: '+32470123456' });
  });

  it('requires both the CGU and the data-protection policy before sending anything', async () => {
    const { fetchMock, calls } = fakeApi([{ path: '/api/v1/users/u7/registration', body: pending }]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/inscription/u7?token=mailed-secret');

    await fillForm({ cgu: true, privacy: false });
    expect(
      await screen.findByText('Vous devez accepter la politique de protection des données'),
    ).toBeTruthy();
    expect(screen.queryByText("Vous devez accepter les conditions générales d'utilisation")).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a phone number outside France, Belgium and Switzerland', async () => {
    const { fetchMock, calls } = fakeApi([{ path: '/api/v1/users/u7/registration', body: pending }]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/inscription/u7?token=mailed-secret');
    await fillForm({ cgu: true, privacy: true, phone: '+1 202 555 0143' });
    expect(
      await screen.findByText(
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the password, the E.164 phone and both consents, then signs the professional in', async () => {
    const { fetchMock, calls } = fakeApi([
      { path: '/api/v1/users/u7/registration', body: pending },
      {
        method: 'POST',
        path: '/api/v1/users/u7/complete-registration',
        body: { token: 'jwt-u7', user: { _id: 'u7', ...pending } },
      },
      { method: 'POST', path: '/api/v1/auth/session', body: { message: 'Session ouverte' } },
      { path: '/api/v1/users/u7/events-futur-count', body: { count: 0 } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/inscription/u7?token=mailed-secret');
    await fillForm({ cgu: true, privacy: true });

    expect(await screen.findByRole('heading', { name: 'Bonjour Paul Durand' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(
      '/api/v1/users/u7/complete-registration?token=mailed-secret',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      password: 'une phrase de passe',
      password_confirmation: 'une phrase de passe',
      telephone: '+33612345678',
      cgu_accepted: true,
      privacy_accepted: true,
    });
    // The answered token goes to the API once, to become the HttpOnly session cookie; the page keeps no copy.
    const adopt = calls.find((c) => c.url === '/api/v1/auth/session');
    expect(adopt?.method).toBe('POST');
    expect(adopt?.headers.get('authorization')).toBe('Bearer jwt-u7');
    expect(adopt?.headers.get('x-rdv-session')).toBe('user');
    expect(document.cookie).not.toContain('jwt-u7');
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt-u7');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('jwt-u7');
  });

  it('explains an unknown or used registration link', async () => {
    const { fetchMock } = fakeApi([]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/inscription/nope');
    expect(
      await screen.findByText(
        'Ce lien d’inscription n’est pas valide ou l’inscription a déjà été finalisée.',
      ),
    ).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, fakeApi } from '../test/render';

const account = {
  _id: 'u1',
  username: 'cmartin',
  email: 'claire.martin@example.fr',
  first_name: 'Claire',
  last_name: 'Martin',
};

const UNAUTHORIZED = { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };

afterEach(() => vi.unstubAllGlobals());

/** The calls other than the session check the page makes on load (the session cookie is HttpOnly). */
function callsBesidesSessionCheck(calls: { url: string }[]): string[] {
  return calls.map((call) => call.url).filter((url) => url !== '/api/v1/auth/user/check-logged');
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email ou identifiant'), username);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login page /user/connexion', () => {
  it('sends {username, password} to POST /api/v1/login, keeps no copy of the token and opens the dashboard', async () => {
    const { fetchMock, calls } = fakeApi([
      { method: 'POST', path: '/api/v1/login', body: { token: 'jwt-user-1', user: account } },
      // No session yet when the page opens; the login answer sets the HttpOnly cookie (out of the page's reach).
      { path: '/api/v1/auth/user/check-logged', status: 401, body: UNAUTHORIZED },
      {
        path: '/api/v1/users/u1/events-futur-count',
        body: { u_f_e_c: [{ user_id: 'u1', count: 3 }], count: 3 },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/user/connexion');

    await fillAndSubmit('claire.martin@example.fr', 'une phrase de passe assez longue');

    expect(await screen.findByRole('heading', { name: 'Bonjour Claire Martin' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/dashboard');
    const login = calls.find((c) => c.url === '/api/v1/login');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({
      username: 'claire.martin@example.fr',
      password: 'une phrase de passe assez longue',
    });
    // The API answered the token, but the page writes it nowhere a script could read it back.
    expect(document.cookie).not.toContain('jwt-user-1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt-user-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('jwt-user-1');
    // Later calls name the professional's session (the browser sends its cookie), and the menu shows the future appointments badge.
    const count = calls.find((c) => c.url.startsWith('/api/v1/users/u1/events-futur-count'));
    expect(count?.url).toBe('/api/v1/users/u1/events-futur-count?ids%5B%5D=u1');
    expect(count?.headers.get('x-rdv-session')).toBe('user');
    expect(
      await screen.findByLabelText('3 rendez-vous à venir', { selector: '.MuiBadge-badge' }),
    ).toBeTruthy();
  });

  it("shows the French message when the server answers 'Account not exist'", async () => {
    const { fetchMock } = fakeApi([
      {
        method: 'POST',
        path: '/api/v1/login',
        status: 404,
        body: { statusCode: 404, code: 'ACCOUNT_NOT_EXIST', message: 'Account not exist' },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/connexion');

    await fillAndSubmit('inconnu@example.fr', 'motdepasse');

    expect((await screen.findByRole('alert')).textContent).toBe("Aucun compte n'existe avec cet email");
    expect(document.cookie).not.toContain('user_token');
  });

  it("says 'Identifiants incorrects' on a wrong password (401) and explains a throttled login (429)", async () => {
    let status = 401;
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            statusCode: status,
            code: 'X',
            message: status === 401 ? 'Unauthorized' : 'Too Many Requests',
          }),
          { status },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/connexion');

    await fillAndSubmit('cmartin', 'mauvais');
    expect((await screen.findByRole('alert')).textContent).toBe('Identifiants incorrects');

    status = 429;
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Trop de tentatives, veuillez réessayer dans quelques minutes',
      ),
    );
  });

  it("refuses an invalid email with 'Veuillez renseigner un email valide' without calling the API", async () => {
    const { fetchMock, calls } = fakeApi([
      { path: '/api/v1/auth/user/check-logged', status: 401, body: UNAUTHORIZED },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/connexion');

    await fillAndSubmit('claire.martin@', 'motdepasse');

    expect(await screen.findByText('Veuillez renseigner un email valide')).toBeTruthy();
    expect(screen.getByLabelText('Email ou identifiant').getAttribute('aria-invalid')).toBe('true');
    expect(callsBesidesSessionCheck(calls)).toEqual([]);
  });

  it('links to the forgotten password page', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { router } = renderApp('/user/connexion');
    await userEvent.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(router.state.location.pathname).toBe('/user/mot-de-passe-oublie');
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié' })).toBeTruthy();
  });
});

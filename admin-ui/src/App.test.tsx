import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCallUrl } from '@rdv/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from './App';

afterEach(() => vi.unstubAllGlobals());

describe('admin console', () => {
  it('sends a visitor without a session to the French login page at /admin/login', async () => {
    vi.stubGlobal('fetch', vi.fn());
    window.history.replaceState(null, '', '/admin/users');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'Console d’administration' })).toBeTruthy();
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
    expect(screen.getByLabelText(/Mot de passe/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connexion' })).toBeTruthy();
  });

  it("refuses an invalid email with 'Veuillez renseigner un email valide' before calling the API", async () => {
    // The session cookie is HttpOnly: the login page asks check-logged whether a session is already open.
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }), {
          status: 401,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/admin/login');
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@');
    await user.type(screen.getByLabelText(/Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(await screen.findByText('Veuillez renseigner un email valide')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([input]) => fetchCallUrl(input));
    expect(urls.filter((url) => url !== '/api/v1/auth/admin/check-logged')).toEqual([]);
  });

  it('signs in and opens the dashboard with the admin menu; logout returns to /admin/login', async () => {
    // Stands for the API and its HttpOnly session cookie: open after the login, closed by the logout.
    let sessionOpen = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = fetchCallUrl(input);
      if (url === '/api/v1/auth/admin/login') {
        sessionOpen = true;
        return new Response(
          JSON.stringify({ token: 'jwt-admin', admin: { _id: 'a1', email: 'admin@example.fr' } }),
        );
      }
      if (url === '/api/v1/auth/admin/logout') {
        sessionOpen = false;
        return new Response('{}');
      }
      if (url === '/api/v1/auth/admin/check-logged') {
        if (!sessionOpen)
          return new Response(
            JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }),
            { status: 401 },
          );
        return new Response(
          JSON.stringify({ _id: 'a1', email: 'admin@example.fr', first_name: 'Anne', last_name: 'Leroy' }),
        );
      }
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/admin/login');
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'secret passphrase');
    await user.click(screen.getByRole('button', { name: 'Connexion' }));

    expect(
      await screen.findByRole('heading', { name: /Bienvenue dans la console d’administration/ }),
    ).toBeTruthy();
    // The API sets the session cookie itself; the console keeps no copy of the token it answered.
    expect(document.cookie).not.toContain('jwt-admin');
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt-admin');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('jwt-admin');
    for (const label of ['Tableau de bord', 'Utilisateurs', 'Cabinets', 'Articles', 'Images']) {
      expect(screen.getAllByRole('menuitem', { name: label }).length).toBeGreaterThan(0);
    }

    await user.click(screen.getByRole('button', { name: 'Profil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(fetchMock.mock.calls.map(([input]) => fetchCallUrl(input))).toContain('/api/v1/auth/admin/logout');
    expect(await screen.findByRole('button', { name: 'Connexion' })).toBeTruthy();
  });

  it('shows "Mon compte": no second factor yet, and the warning when the site requires one', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = fetchCallUrl(input);
      if (url === '/api/v1/auth/admin/check-logged')
        return new Response(JSON.stringify({ _id: 'a1', email: 'admin@example.fr' }));
      if (url === '/api/v1/auth/second-factors')
        return new Response(
          JSON.stringify({
            factors: [],
            recoveryCodesLeft: 0,
            required: true,
            sessionHasSecondFactor: false,
          }),
        );
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/admin/mon-compte');
    render(<App />);
    expect(await screen.findByText('Aucun second facteur n’est activé.')).toBeTruthy();
    expect(
      screen.getByText(/La double authentification est obligatoire pour les administrateurs/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une application d’authentification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une clé d’accès' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/mon-compte');
  });

  it('keeps a signed-in admin across a reload (the API answers check-logged from its session cookie)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ _id: 'a1', email: 'admin@example.fr' }))),
    );
    window.history.replaceState(null, '', '/admin/dashboard');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: /Bienvenue dans la console d’administration/ }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/dashboard');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';

const account = { _id: 'u1', email: 'claire.martin@example.fr', first_name: 'Claire', last_name: 'Martin' };

afterEach(() => vi.unstubAllGlobals());

describe('guard of the professional space', () => {
  it('sends a visitor whose check-logged answers 401 to /user/connexion, silently, and forgets the dead token', async () => {
    // A readable token cookie left by an earlier version of the space: neither sent nor kept.
    document.cookie = 'user_token=expired-jwt; Path=/';
    const { fetchMock, calls } = fakeApi([
      {
        path: '/api/v1/auth/user/check-logged',
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/user/dashboard');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/connexion');
    expect(calls[0]?.headers.get('x-rdv-session')).toBe('user');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.cookie).not.toContain('user_token');
  });

  it('sends a visitor without a session to /user/connexion from any private page, calling nothing but check-logged', async () => {
    // The session cookie is HttpOnly: the page cannot see it is missing, it asks and the API refuses.
    const { fetchMock, calls } = fakeApi([
      {
        path: '/api/v1/auth/user/check-logged',
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/user/parrainage');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/connexion');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/user/check-logged']);
  });

  it('keeps the session across a reload: the cookie token is checked and the dashboard shows', async () => {
    const { fetchMock } = fakeApi([
      { path: '/api/v1/auth/user/check-logged', body: account },
      { path: '/api/v1/users/u1/events-futur-count', body: { u_f_e_c: [], count: 0 } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Bonjour Claire Martin' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    for (const label of [
      'Tableau de bord',
      'Paramètres',
      'Rendez-vous',
      'Appels',
      'Dossiers clients',
      'Parrainage',
    ]) {
      expect(screen.getByRole('link', { name: label })).toBeTruthy();
    }
  });

  it('hides client folders and sponsorship when the site configuration turns them off', async () => {
    const { fetchMock } = fakeApi([
      { path: '/api/v1/auth/user/check-logged', body: account },
      { path: '/api/v1/users/u1/events-futur-count', body: { u_f_e_c: [], count: 0 } },
      {
        path: '/api/v1/site-config',
        body: {
          flags: {
            specialities_enabled: true,
            user_card_default: false,
            sponsorship: false,
            client_folders: false,
          },
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Bonjour Claire Martin' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Parrainage' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Dossiers clients' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Appels' })).toBeTruthy();
  });

  it('logs out: the API revokes the token, the cookie is cleared and the login page shows', async () => {
    const { fetchMock, calls } = fakeApi([
      { path: '/api/v1/auth/user/check-logged', body: account },
      { path: '/api/v1/users/u1/events-futur-count', body: { count: 0 } },
      { path: '/api/v1/auth/user/logout', body: { message: 'Vous êtes déconnecté.' } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/user/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/connexion'));
    const logout = calls.find((call) => call.url === '/api/v1/auth/user/logout');
    expect(logout?.headers.get('x-rdv-session')).toBe('user');
    expect(document.cookie).not.toContain('user_token');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });

  it('returns to the login page when the API refuses the token mid-session', async () => {
    const { fetchMock } = fakeApi([
      { path: '/api/v1/auth/user/check-logged', body: account },
      {
        path: '/api/v1/users/u1/events-futur-count',
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/user/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/connexion'));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(document.cookie).not.toContain('user_token');
  });
});

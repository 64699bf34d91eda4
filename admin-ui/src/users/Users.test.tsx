import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCallUrl } from '@rdv/api-client';
import { App } from '../App';
import { storeAdminToken } from '../auth/token';

afterEach(() => vi.unstubAllGlobals());

const PENDING = {
  id: 'u1',
  _id: 'u1',
  first_name: 'Inès',
  last_name: 'Invitée',
  email: 'ines@example.fr',
  username: 'ines.invitee',
  userUri: 'ines-invitee',
  isActive: true,
  indexable: true,
  registrationComplete: false,
};

/** The admin API as far as the user pages need it; every call is recorded. */
function mockApi(user: typeof PENDING) {
  const calls: { url: string; method: string }[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init: RequestInit = {}) => {
      // The generated client sends a Request with an absolute URL; react-admin's data provider a path and an init.
      const url = fetchCallUrl(input);
      const method = (typeof input === 'string' ? (init.method ?? 'GET') : input.method).toUpperCase();
      calls.push({ url, method });
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      if (url === '/api/v1/admin/users/u1' && method === 'GET') return json(user);
      if (url.startsWith('/api/v1/admin/teams?')) return json([], 200, { 'Content-Range': 'teams 0-0/0' });
      if (url === '/api/v1/admin/users/u1/resend-invitation' && method === 'POST')
        return json({ message: "L'invitation a été renvoyée à ines@example.fr." }, 202);
      return json({ statusCode: 404, message: 'Not Found' }, 404);
    }),
  );
  return calls;
}

describe('users: pending sign-up', () => {
  it('re-sends the invitation of a professional who has not chosen a password', async () => {
    storeAdminToken('jwt-admin');
    const calls = mockApi(PENDING);
    window.history.replaceState(null, '', '/admin/users/u1/show');
    render(<App />);
    expect(await screen.findByText(/n’a pas encore choisi son mot de passe/)).toBeTruthy();
    // The console shows no sign-up link: only the professional's mailbox receives its secret.
    expect(screen.queryByText(/\/user\/inscription\//)).toBeNull();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Renvoyer l’invitation' }));
    expect(await screen.findByText("L'invitation a été renvoyée à ines@example.fr.")).toBeTruthy();
    expect(calls).toContainEqual({ url: '/api/v1/admin/users/u1/resend-invitation', method: 'POST' });
  });

  it('offers no re-send once the sign-up is finished', async () => {
    storeAdminToken('jwt-admin');
    mockApi({ ...PENDING, registrationComplete: true });
    window.history.replaceState(null, '', '/admin/users/u1/edit');
    render(<App />);
    expect(await screen.findByDisplayValue('Inès')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renvoyer l’invitation' })).toBeNull();
  });
});

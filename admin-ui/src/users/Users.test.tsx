import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCallUrl } from '@rdv/api-client';
import { App } from '../App';

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
function mockApi(user: typeof PENDING & Record<string, unknown>) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
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
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push(body === undefined ? { url, method } : { url, method, body });
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      if (url === '/api/v1/admin/users/u1' && method === 'GET') return json(user);
      if (url.startsWith('/api/v1/admin/teams?')) {
        // Like the API: lists sort only on the fields it knows (not `id`).
        const sort = new URL(url, 'http://x').searchParams.get('sort');
        if (sort?.startsWith('["id"'))
          return json(
            { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Tri impossible sur le champ id' },
            400,
          );
        return json([{ id: 't1', _id: 't1', name: 'Cabinet Alpha' }], 200, {
          'Content-Range': 'teams 0-0/1',
        });
      }
      if (url === '/api/v1/admin/users/u1' && method === 'PUT') return json({ ...user, ...body });
      if (url.startsWith('/api/v1/admin/specialities?'))
        return json(
          [
            { id: 1, name: 'Droit de la famille', slug: 'droit-de-la-famille', position: 1 },
            { id: 2, name: 'Droit du travail', slug: 'droit-du-travail', position: 2 },
          ],
          200,
          { 'Content-Range': 'specialities 0-1/2' },
        );
      if (url.startsWith('/api/v1/admin/cities?')) return json([], 200, { 'Content-Range': 'cities 0-0/0' });
      if (url === '/api/v1/admin/users/u1/resend-invitation' && method === 'POST')
        return json({ message: "L'invitation a été renvoyée à ines@example.fr." }, 202);
      return json({ statusCode: 404, message: 'Not Found' }, 404);
    }),
  );
  return calls;
}

describe('users: pending sign-up', () => {
  it('re-sends the invitation of a professional who has not chosen a password', async () => {
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
    mockApi({ ...PENDING, registrationComplete: true });
    window.history.replaceState(null, '', '/admin/users/u1/edit');
    render(<App />);
    expect(await screen.findByDisplayValue('Inès')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renvoyer l’invitation' })).toBeNull();
  });

  it('lists the offices in the picker, by name', async () => {
    const calls = mockApi({ ...PENDING, registrationComplete: true });
    window.history.replaceState(null, '', '/admin/users/u1/edit');
    render(<App />);
    expect(await screen.findByDisplayValue('Inès')).toBeTruthy();
    const picker = screen.getAllByRole('combobox').find((input) => input.closest('[class*="team_id"]'));
    await userEvent.setup().click(picker ?? screen.getAllByRole('combobox')[0]);
    expect(await screen.findByRole('option', { name: 'Cabinet Alpha' })).toBeTruthy();
    const teamCalls = calls.filter((c) => c.url.startsWith('/api/v1/admin/teams?'));
    expect(teamCalls.length).toBeGreaterThan(0);
    expect(
      teamCalls.every((c) => new URL(c.url, 'http://x').searchParams.get('sort') === '["name","ASC"]'),
    ).toBe(true);
  });

  it('shows and saves the directory fields: commune, address, specialities, fees', async () => {
    const calls = mockApi({
      ...PENDING,
      registrationComplete: true,
      city: { cityUri: 'lyon', name: 'Lyon', postalCodes: ['69001'] },
      street: '1 place Bellecour',
      postal_code: '69002',
      fees_info: null,
      specialities: [{ _id: 2, slug: 'droit-du-travail', name: 'Droit du travail' }],
      subscribedAt: '2026-11-01T09:00:00.000Z',
    });
    window.history.replaceState(null, '', '/admin/users/u1/edit');
    render(<App />);
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('Lyon (69001)')).toBeTruthy();
    expect(await screen.findByText('Droit du travail')).toBeTruthy();
    // The subscription date comes from the first paid invoice: nobody types it.
    expect(screen.queryByLabelText('Abonné depuis')).toBeNull();
    const street = screen.getByDisplayValue('1 place Bellecour');
    await user.clear(street);
    await user.type(street, '2 place Bellecour');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      city_uri: 'lyon',
      street: '2 place Bellecour',
      postal_code: '69002',
      fees_info: null,
      speciality_ids: [2],
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('subscribed_at');
  });
});

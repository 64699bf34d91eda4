import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCallUrl } from '@rdv/api-client';
import { App } from '../App';

afterEach(() => vi.unstubAllGlobals());

const REQUEST = {
  id: 'r1',
  civility: 'Mme',
  firstName: 'Alice',
  lastName: 'Martin',
  email: 'alice@example.fr',
  phone: '+33612345678',
  officeName: 'Cabinet Martin',
  officeNumber: null,
  city: 'Lyon',
  message: 'Bonjour',
  status: 'pending',
  refusalReason: null,
  professionalId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: null,
};

const CONFIG = {
  id: 'current',
  default_timezone: 'Europe/Paris',
  locales: ['fr', 'en'],
  default_locale: 'fr',
  allowed_phone_countries: ['FR', 'BE', 'CH'],
  page_sizes: { professionals_desktop: 20, professionals_mobile: 10 },
  payment_commission_percent: 0,
  flags: { specialities_enabled: true, user_card_default: false, sponsorship: true, client_folders: true },
  contact: { phone: null, email: null, social: { facebook: null, linkedin: null, x: null, instagram: null } },
  company: { name: null, registration_number: null, dpo_email: null },
};

interface Call {
  url: string;
  method: string;
  body?: unknown;
}

function mockApi(overrides: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init: RequestInit = {}) => {
      const url = fetchCallUrl(input);
      const method = (typeof input === 'string' ? (init.method ?? 'GET') : input.method).toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { url, method, body };
      calls.push(call);
      const answer = overrides(call);
      if (answer) return answer;
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      if (url.startsWith('/api/v1/admin/registration-requests?'))
        return json([REQUEST], 200, { 'Content-Range': 'registration-requests 0-0/1' });
      if (url === '/api/v1/admin/registration-requests/r1') return json(REQUEST);
      if (url === '/api/v1/admin/site-config' && method === 'GET') return json(CONFIG);
      if (url === '/api/v1/admin/appointments/ap1')
        return json({
          id: 'ap1',
          refAppointment: 'abc',
          status: 'confirmed',
          mode: 'visio',
          startsAt: '2026-12-01T09:00:00.000Z',
          endsAt: '2026-12-01T09:30:00.000Z',
          userId: 'u1',
          professionalName: 'Claire Martin',
          attendeeId: 'c1',
          attendeeName: 'Paul Client',
          attendeeEmail: 'paul@example.fr',
          motiveTitle: 'Premier rendez-vous',
          cancelledBy: null,
          cancellationReason: null,
        });
      if (url.startsWith('/api/v1/admin/users')) return json([], 200, { 'Content-Range': 'users 0-0/0' });
      if (url === '/api/v1/admin/clients/c1' && method === 'GET')
        return json({
          id: 'c1',
          email: 'paul@example.fr',
          civility: 'M.',
          firstName: 'Paul',
          lastName: 'Client',
          phone: '+33612345678',
          isActive: true,
          createdAt: '2026-11-01T10:00:00.000Z',
        });
      if (url === '/api/v1/admin/clients/c1' && method === 'PUT')
        return json({ id: 'c1', email: 'paul@example.fr', isActive: false });
      if (url.startsWith('/api/v1/admin/appointments?'))
        return json([], 200, { 'Content-Range': 'appointments 0-0/0' });
      if (url === '/api/v1/admin/dashboard')
        return json({
          bookingsPerDay: Array.from({ length: 30 }, (_, i) => ({
            day: `2026-11-${String(i + 1).padStart(2, '0')}`,
            created: i,
            validated: 1,
            cancelled: 0,
          })),
          pendingOlderThan48h: 3,
          newProfessionals: 4,
          newClients: 12,
          registrationRequestsWaiting: 2,
          failedNotificationJobs: 0,
          calendarConnectionsInError: 1,
          figuresAt: '2026-11-30T08:12:05.000Z',
        });
      if (url === '/api/v1/admin/site-config' && method === 'PUT')
        return json({ ...CONFIG, ...(body as object) });
      return json({ statusCode: 404, message: 'Not Found' }, 404);
    }),
  );
  return calls;
}

describe('registration requests', () => {
  it('lists the pending requests, names the tab with the product name, and accepts one', async () => {
    const calls = mockApi((call) =>
      call.url === '/api/v1/admin/registration-requests/r1/accept'
        ? new Response(JSON.stringify({ ...REQUEST, status: 'accepted', professionalId: 'u9' }))
        : undefined,
    );
    window.history.replaceState(null, '', '/admin/registration-requests');
    render(<App />);
    expect(await screen.findByText('Mme Alice Martin')).toBeTruthy();
    const listCall = calls.find((call) => call.url.startsWith('/api/v1/admin/registration-requests?'))!;
    expect(decodeURIComponent(listCall.url)).toContain('filter={"status":"pending"}');
    await waitFor(() => expect(document.title).toMatch(/^Demandes d’inscription · Administration \| /));
    // The list's bulk toolbar (also "Accepter") stays in the DOM, hidden; the request's page is tested on its own.
    cleanup();

    window.history.replaceState(null, '', '/admin/registration-requests/r1/show');
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accepter' }));
    expect(
      await screen.findByText('Demande acceptée : l’invitation a été envoyée à alice@example.fr.'),
    ).toBeTruthy();
    expect(calls).toContainEqual(
      expect.objectContaining({ url: '/api/v1/admin/registration-requests/r1/accept', method: 'POST' }),
    );
  });

  it('refuses only with a reason, which is sent to the API', async () => {
    const calls = mockApi((call) =>
      call.url === '/api/v1/admin/registration-requests/r1/refuse'
        ? new Response(JSON.stringify({ ...REQUEST, status: 'refused', refusalReason: 'Hors zone' }))
        : undefined,
    );
    window.history.replaceState(null, '', '/admin/registration-requests/r1/show');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la demande' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await within(dialog).findByText('Le motif du refus est obligatoire')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/refuse'))).toBe(false);

    await user.type(within(dialog).getByLabelText(/Motif du refus/), 'Hors zone');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await screen.findByText('Demande refusée : le motif a été envoyé au demandeur.')).toBeTruthy();
    expect(calls).toContainEqual({
      url: '/api/v1/admin/registration-requests/r1/refuse',
      method: 'POST',
      body: { reason: 'Hors zone' },
    });
  });

  it('keeps the dialog and the typed reason open with the API refusal under the field', async () => {
    mockApi((call) =>
      call.url === '/api/v1/admin/registration-requests/r1/refuse'
        ? new Response(JSON.stringify({ statusCode: 409, message: 'Cette demande a déjà été traitée' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined,
    );
    window.history.replaceState(null, '', '/admin/registration-requests/r1/show');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la demande' });
    await user.type(within(dialog).getByLabelText(/Motif du refus/), 'Hors zone');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await within(dialog).findByText('Cette demande a déjà été traitée')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Motif du refus/) as HTMLTextAreaElement).value).toBe('Hors zone');
    expect(screen.queryByText('Demande refusée : le motif a été envoyé au demandeur.')).toBeNull();
  });
});

describe('registration requests, in bulk', () => {
  it('refuses the selected pending requests with one reason, one call each, and counts what it left', async () => {
    const others = [
      { ...REQUEST, id: 'r2', firstName: 'Bruno', email: 'bruno@example.fr' },
      { ...REQUEST, id: 'r3', firstName: 'Chloé', status: 'accepted', professionalId: 'u3' },
    ];
    const calls = mockApi((call) => {
      if (call.url.startsWith('/api/v1/admin/registration-requests?'))
        return new Response(JSON.stringify([REQUEST, ...others]), {
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'registration-requests 0-2/3' },
        });
      if (call.url.endsWith('/refuse'))
        return new Response(JSON.stringify({ ...REQUEST, status: 'refused' }));
      return undefined;
    });
    window.history.replaceState(null, '', '/admin/registration-requests');
    render(<App />);
    await screen.findByText('Mme Alice Martin');
    const user = userEvent.setup();
    const rows = screen.getAllByRole('row').slice(1);
    for (const row of rows) await user.click(within(row).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser les demandes sélectionnées' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText('Le motif du refus est obligatoire')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/refuse'))).toBe(false);
    await user.type(within(dialog).getByLabelText(/Motif du refus/), 'Hors zone');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('2 demandes refusées ; 1 non traité.')).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith('/refuse'))).toEqual([
      { url: '/api/v1/admin/registration-requests/r1/refuse', method: 'POST', body: { reason: 'Hors zone' } },
      { url: '/api/v1/admin/registration-requests/r2/refuse', method: 'POST', body: { reason: 'Hors zone' } },
    ]);
  });
});

describe('site configuration', () => {
  it('saves the company identity and the flags with PUT /admin/site-config (no id, blanks as null)', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/site-config');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Fonctionnalités' }));
    await user.click(await screen.findByLabelText('Parrainage (espace professionnel)'));
    await user.click(screen.getByRole('tab', { name: 'Société (pages légales)' }));
    await user.type(await screen.findByLabelText('Raison sociale'), 'Exemple SAS');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/admin/site-config');
    const body = put.body as Record<string, Record<string, unknown>>;
    expect(body.id).toBeUndefined();
    expect(body.flags.sponsorship).toBe(false);
    expect(body.company.name).toBe('Exemple SAS');
    expect(body.contact.email).toBeNull();
  });
});

describe('dashboard', () => {
  it('shows the figures and the bookings chart', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/dashboard');
    render(<App />);
    expect(await screen.findByRole('group', { name: 'Demandes d’inscription à traiter : 2' })).toBeTruthy();
    expect(
      screen.getByRole('group', { name: 'Rendez-vous en attente depuis plus de 48 h : 3' }),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Nouveaux avocats : 4' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Nouveaux clients : 12' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Agendas synchronisés en erreur : 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Rendez-vous par jour sur 30 jours/ })).toBeTruthy();
    expect(screen.getByText('Réservés : 435')).toBeTruthy();
    // The live figures are read at most every 10 seconds: the page says when (Paris time).
    expect(screen.getByText(/Chiffres relevés à 09:12:05/)).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Tableau de bord · Administration \| /));
  });
});

describe('appointments', () => {
  it('cancels on behalf of the professional with a reason', async () => {
    const calls = mockApi((call) =>
      call.url === '/api/v1/admin/appointments/ap1/cancel'
        ? new Response(JSON.stringify({ id: 'ap1', status: 'cancelled' }))
        : undefined,
    );
    window.history.replaceState(null, '', '/admin/appointments/ap1/show');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Annuler le rendez-vous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler le rendez-vous' });
    await user.click(within(dialog).getByLabelText('À la demande du professionnel'));
    await user.type(within(dialog).getByLabelText(/Motif/), 'Cabinet fermé');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(
      await screen.findByText('Rendez-vous annulé : le client et le professionnel sont prévenus par email.'),
    ).toBeTruthy();
    expect(calls).toContainEqual({
      url: '/api/v1/admin/appointments/ap1/cancel',
      method: 'POST',
      body: { on_behalf_of: 'user', reason: 'Cabinet fermé' },
    });
  });
});

describe('clients', () => {
  it('deactivates a client from their page', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/clients/c1/show');
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Compte désactivé : le client ne peut plus se connecter.')).toBeTruthy();
    expect(calls).toContainEqual({
      url: '/api/v1/admin/clients/c1',
      method: 'PUT',
      body: { isActive: false },
    });
    expect(screen.getByRole('button', { name: 'Exporter les données (RGPD)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Effacer (RGPD)' })).toBeTruthy();
  });

  it('erases a client after a confirmation, then shows the list (the account no longer exists)', async () => {
    const calls = mockApi((call) => {
      if (call.url === '/api/v1/admin/clients/c1/erase' && call.method === 'POST')
        return new Response(JSON.stringify({ message: 'Les données du client ont été effacées' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      if (call.url.startsWith('/api/v1/admin/clients?'))
        return new Response('[]', {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'clients 0-0/0' },
        });
      return undefined;
    });
    window.history.replaceState(null, '', '/admin/clients/c1/show');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Effacer (RGPD)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Effacer les données du client' });
    expect(dialog.textContent).toContain('email de confirmation');
    await user.click(screen.getByRole('button', { name: 'Effacer définitivement' }));
    expect(await screen.findByText('Données du client effacées : le compte n’existe plus.')).toBeTruthy();
    expect(calls).toContainEqual({ url: '/api/v1/admin/clients/c1/erase', method: 'POST', body: undefined });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/clients'));
  });
});

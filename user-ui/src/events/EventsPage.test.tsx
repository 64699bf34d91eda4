import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '../api/events';
import { appointment } from '../test/appointments';
import { readFetchCall } from '@rdv/api-client';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const page = (data: Appointment[]) => ({ data, total: data.length, page: 1, limit: 20 });

/** A small in-memory API: validate moves the appointment from pending to upcoming. */
function statefulApi(initial: Appointment[]) {
  const events = new Map(initial.map((e) => [e._id, e]));
  const calls: { method: string; url: string; body: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const base = fakeApi(signedIn(events.size));
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { method, url, body } = await readFetchCall(input, init);
    calls.push({ method, url, body });
    const [path, query] = url.split('?') as [string, string | undefined];
    if (path === `${API_USER}/events` && method === 'GET') {
      const group = new URLSearchParams(query).get('group');
      const all = [...events.values()];
      if (group === 'pending') return json(page(all.filter((e) => e.status === 'pending')));
      if (group === 'upcoming') return json(page(all.filter((e) => e.status === 'confirmed')));
      return json(page([]));
    }
    if (/^\/api\/v1\/events\/e1\/responses$/.test(path) && method === 'GET')
      return json([
        {
          id: 'r1',
          availabilities: [{ start: '2026-12-10T14:00:00+01:00', end: '2026-12-10T17:00:00+01:00' }],
          message: 'Plutôt l’après-midi',
          createdAt: '2026-12-01T10:00:00Z',
        },
      ]);
    const moved = path.match(/^\/api\/v1\/events\/([^/]+)\/move$/);
    if (moved && method === 'POST') {
      const start = (body as { start: string }).start;
      const event = { ...events.get(moved[1]!)!, start };
      events.set(event._id, event);
      return json({ message: 'Le rendez-vous est déplacé ; le client en est informé', event });
    }
    const validate = path.match(/^\/api\/v1\/events\/([^/]+)\/validate$/);
    if (validate && method === 'POST') {
      const event = { ...events.get(validate[1]!)!, status: 'confirmed' as const };
      events.set(event._id, event);
      return json({
        message: 'Le rendez-vous est validé ; le client reçoit un email de confirmation',
        event,
      });
    }
    return base.fetchMock(input, init);
  };
  return { fetchMock, calls };
}

describe('appointments page /user/events', () => {
  it('shows the availabilities the client proposed and accepts one in one click (move + validate)', async () => {
    const { fetchMock, calls } = statefulApi([appointment('e1')]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events');
    const card = await screen.findByRole('article', { name: 'Jean Dupont' });
    expect(await within(card).findByText('« Plutôt l’après-midi »')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: /^Accepter le / }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/v1/events/e1/move',
        '/api/v1/events/e1/validate',
      ]),
    );
    expect(calls.find((c) => c.url === '/api/v1/events/e1/move')?.body).toEqual({
      start: '2026-12-10T14:00:00+01:00',
    });
  });

  it('a client’s move of a confirmed appointment: shown with the new time; accept validates, refuse asks first', async () => {
    const moving = appointment('e1', {
      status: 'confirmed',
      proposal: { start: '2026-12-10T13:00:00.000Z', end: '2026-12-10T14:00:00.000Z' },
    });
    const api = fakeApi([
      ...signedIn(1),
      { path: `${API_USER}/events`, body: page([moving]) },
      { path: /^\/api\/v1\/events\/e1\/responses$/, body: [] },
      {
        method: 'POST',
        path: '/api/v1/events/e1/refuse',
        body: {
          message:
            'Le déplacement est refusé : le rendez-vous reste confirmé à son horaire initial ; le client en est informé',
          event: { ...moving, proposal: null },
        },
      },
      {
        method: 'POST',
        path: '/api/v1/events/e1/validate',
        body: { message: 'Le nouveau créneau est accepté ; le client en est informé', event: moving },
      },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/events');
    const card = await screen.findByRole('article', { name: 'Jean Dupont' });
    const request = within(card).getByRole('region', { name: 'Demande de déplacement du client' });
    expect(request.textContent).toContain('Nouveau créneau demandé : jeudi 10 décembre 2026');
    expect(request.textContent).toContain('reste confirmé à son horaire actuel');
    await userEvent.click(within(request).getByRole('button', { name: 'Refuser le déplacement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Le rendez-vous reste confirmé à cet horaire');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser le déplacement' }));
    expect(
      await screen.findByText(
        'Le déplacement est refusé : le rendez-vous reste confirmé à son horaire initial ; le client en est informé',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Accepter le nouveau créneau' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/v1/events/e1/refuse',
        '/api/v1/events/e1/validate',
      ]),
    );
  });

  it('shows "Convention signée" with the PDF to download on an appointment whose client accepted the fee agreement', async () => {
    const { fetchMock } = statefulApi([
      appointment('e1', {
        feeAgreement: { acceptedAt: '2026-12-01T10:00:00.000Z', versionHash: 'a'.repeat(64) },
      }),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events');
    const card = await screen.findByRole('article', { name: 'Jean Dupont' });
    expect(within(card).getByText('Convention signée')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Télécharger la convention (PDF)' })).toBeTruthy();
  });

  it('groups the appointments: awaiting validation first, then upcoming and past', async () => {
    const { fetchMock } = statefulApi([
      appointment('e1'),
      appointment('e2', {
        status: 'confirmed',
        attendee: {
          _id: 'a2',
          civility: null,
          first_name: 'Marie',
          last_name: 'Curie',
          email: 'marie@example.fr',
        },
      }),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events');

    expect(await screen.findByRole('tab', { name: 'À valider (1)', selected: true })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'À venir (1)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Passés (0)' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Jean Dupont' });
    expect(within(card).getByText('À valider')).toBeTruthy();
    expect(within(card).getByText(/Mardi 8 décembre 2026|mardi 8 décembre 2026/)).toBeTruthy();
    expect(within(card).getByText(/10:00 – 11:00 · Première consultation/)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Marie Curie' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'À venir (1)' }));
    expect(await screen.findByRole('article', { name: 'Marie Curie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuler le rendez-vous de Marie Curie' })).toBeTruthy();
  });

  it('validates an appointment: calls the API, shows its message, moves it to upcoming and refreshes the badge', async () => {
    const { fetchMock, calls } = statefulApi([appointment('e1')]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Valider le rendez-vous de Jean Dupont' }),
    );

    expect(
      await screen.findByText('Le rendez-vous est validé ; le client reçoit un email de confirmation'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/v1/events/e1/validate');
    expect(await screen.findByRole('tab', { name: 'À valider (0)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'À venir (1)' })).toBeTruthy();
    expect(await screen.findByText('Aucune demande de rendez-vous en attente de validation.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('events-futur-count')).length).toBeGreaterThan(1),
    );
  });

  it('a calendar event on the time: validating asks first, and "Confirmer quand même" validates anyway', async () => {
    const CONFLICT =
      'Votre calendrier « Cabinet » a un événement sur ce créneau : confirmez pour valider quand même.';
    const validated = appointment('e1', { status: 'confirmed' });
    const bodies: unknown[] = [];
    const base = fakeApi([...signedIn(1), { path: `${API_USER}/events`, body: page([appointment('e1')]) }]);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const { method, url, body } = await readFetchCall(input, init);
      if (method !== 'POST' || url !== '/api/v1/events/e1/validate') return base.fetchMock(input, init);
      bodies.push(body);
      return (body as { confirmConflict?: boolean } | undefined)?.confirmConflict
        ? new Response(JSON.stringify({ message: 'Le rendez-vous est validé', event: validated }), {
            status: 200,
          })
        : new Response(JSON.stringify({ statusCode: 409, code: 'CALENDAR_CONFLICT', message: CONFLICT }), {
            status: 409,
          });
    });
    renderApp('/user/events');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Valider le rendez-vous de Jean Dupont' }));
    const question = await screen.findByRole('dialog', {
      name: 'Votre calendrier a un événement à ce moment',
    });
    expect(within(question).getByText(CONFLICT)).toBeTruthy();
    // Declined: nothing changes, and the page says why.
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(
      await screen.findByText(/Rien n’a été changé : votre calendrier a un événement sur ce créneau/),
    ).toBeTruthy();
    expect(bodies).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Valider le rendez-vous de Jean Dupont' }));
    const again = await screen.findByRole('dialog', { name: 'Votre calendrier a un événement à ce moment' });
    await user.click(within(again).getByRole('button', { name: 'Confirmer quand même' }));
    expect(await screen.findByText('Le rendez-vous est validé')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ confirmConflict: true });
  });

  it('cancels only after confirmation, with the optional message to the client', async () => {
    const event = appointment('e2', { status: 'confirmed' });
    const { fetchMock, calls } = fakeApi([
      ...signedIn(1),
      { path: `${API_USER}/events`, body: page([event]) },
      {
        method: 'POST',
        path: '/api/v1/events/e2/cancel',
        body: {
          message: 'Le rendez-vous est annulé ; le client en est informé',
          event: { ...event, status: 'cancelled' },
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events?groupe=upcoming');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Annuler le rendez-vous de Jean Dupont' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ce rendez-vous ?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Message au client (facultatif)'), 'Audience imprévue');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler le rendez-vous' }));

    expect(await screen.findByText('Le rendez-vous est annulé ; le client en est informé')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Audience imprévue' });
  });

  it('move dialog: sends the new start and end with the Paris offset and shows the 409 conflict message', async () => {
    const event = appointment('e3', { status: 'confirmed' });
    const { fetchMock, calls } = fakeApi([
      ...signedIn(1),
      { path: `${API_USER}/events`, body: page([event]) },
      {
        method: 'POST',
        path: '/api/v1/events/e3/move',
        status: 409,
        body: {
          statusCode: 409,
          code: 'SLOT_TAKEN',
          message: 'Ce créneau vient d’être réservé, veuillez en choisir un autre',
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events?groupe=upcoming');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Déplacer le rendez-vous de Jean Dupont' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer le rendez-vous' });
    expect((within(dialog).getByLabelText('Nouvelle date') as HTMLInputElement).value).toBe('2026-12-08');
    expect((within(dialog).getByLabelText('Début') as HTMLInputElement).value).toBe('10:00');
    fireEvent.change(within(dialog).getByLabelText('Nouvelle date'), { target: { value: '2027-06-15' } });
    fireEvent.change(within(dialog).getByLabelText('Début'), { target: { value: '14:30' } });
    expect((within(dialog).getByLabelText('Fin') as HTMLInputElement).value).toBe('15:30');
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ce créneau vient d’être réservé, veuillez en choisir un autre',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      start: '2027-06-15T14:30:00+02:00',
      end: '2027-06-15T15:30:00+02:00',
    });
    expect(screen.getByRole('dialog', { name: 'Déplacer le rendez-vous' })).toBeTruthy();
  });

  it('creates an appointment by hand with the event dialog', async () => {
    const { fetchMock, calls } = fakeApi([
      ...signedIn(0),
      { path: `${API_USER}/events`, body: page([]) },
      {
        path: `${API_USER}/motives`,
        body: [
          {
            id: 'm1',
            title: 'Première consultation',
            durationMinutes: 60,
            noticeMinutes: 0,
            notBeforeHour: null,
            notAfterMonths: 3,
            inPersonAllowed: true,
            visioAllowed: true,
            phoneAllowed: false,
            isActive: true,
            position: 0,
          },
        ],
      },
      {
        path: `${API_USER}/calendars`,
        body: [{ id: 'c1', name: 'Cabinet', color: '#b3261e', position: 0, isDefault: true }],
      },
      {
        method: 'POST',
        path: `${API_USER}/events`,
        status: 201,
        body: appointment('e9', { status: 'confirmed' }),
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/events');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Nouveau rendez-vous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau rendez-vous' });
    await user.type(within(dialog).getByLabelText('Email du client'), 'jean.dupont@');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le rendez-vous' }));
    expect(await within(dialog).findByText('Veuillez renseigner un email valide')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Email du client'), 'example.fr');
    await user.type(within(dialog).getByLabelText('Nom'), 'Dupont');
    await waitFor(() => expect(within(dialog).getByText('Par défaut : 60 min')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-01-12' } });
    fireEvent.change(within(dialog).getByLabelText('Début'), { target: { value: '11:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le rendez-vous' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'jean.dupont@example.fr',
      last_name: 'Dupont',
      mode: 'in_person',
      start: '2027-01-12T11:00:00+01:00',
      motive_id: 'm1',
      calendar_id: 'c1',
    });
  });
});

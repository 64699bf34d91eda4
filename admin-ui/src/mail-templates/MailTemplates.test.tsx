import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCallUrl } from '@rdv/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { storeAdminToken } from '../auth/token';

afterEach(() => vi.unstubAllGlobals());

const TEMPLATES = [
  {
    id: 'appointment.requested.professional',
    key: 'appointment.requested.professional',
    subject: 'Nouvelle demande de rendez-vous de {{attendee.name}}',
    html: '<p>Bonjour {{professional.name}}</p>',
    text: 'Bonjour {{professional.name}}',
    customized: false,
  },
  {
    id: 'appointment.reminder.attendee',
    key: 'appointment.reminder.attendee',
    subject: 'Rappel : rendez-vous avec {{professional.name}} le {{appointment.date}}',
    html: '<p>Rappel</p>',
    text: 'Rappel',
    customized: true,
  },
];

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The admin API as far as this resource needs it; every call is recorded. */
function mockApi() {
  const calls: Call[] = [];
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });
  const fetchMock = vi.fn(async (input: string | Request, init: RequestInit = {}) => {
    const url = fetchCallUrl(input);
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/v1/auth/admin/check-logged'))
      return json({ _id: 'a1', email: 'admin@example.fr' });
    const path = url.split('?')[0];
    if (path === '/api/v1/admin/mail-templates' && method === 'GET') {
      return json(TEMPLATES, { 'Content-Range': `mail-templates 0-1/2` });
    }
    const match = /^\/api\/v1\/admin\/mail-templates\/([^/]+)$/.exec(path);
    const template = match && TEMPLATES.find((t) => t.key === decodeURIComponent(match[1]));
    if (template && method === 'GET') return json(template);
    if (template && method === 'PUT')
      return json({ ...template, ...(JSON.parse(String(init.body)) as object), customized: true });
    if (template && method === 'DELETE') return json({ ...template, customized: false });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('Modèles d’email (admin)', () => {
  it('lists every template key with its subject, from GET /api/v1/admin/mail-templates', async () => {
    storeAdminToken('jwt-admin');
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates');
    render(<App />);

    expect(await screen.findByText('appointment.requested.professional')).toBeTruthy();
    expect(screen.getByText('appointment.reminder.attendee')).toBeTruthy();
    expect(screen.getByText('Nouvelle demande de rendez-vous de {{attendee.name}}')).toBeTruthy();
    expect(
      screen.getByText('Rappel : rendez-vous avec {{professional.name}} le {{appointment.date}}'),
    ).toBeTruthy();
    expect(screen.getAllByText('Modèles d’email').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('menuitem', { name: 'Modèles d’email' }).length).toBeGreaterThan(0);
    const list = calls.find((call) => call.url.startsWith('/api/v1/admin/mail-templates'));
    expect(list?.method).toBe('GET');
  });

  it('saves an edited template with PUT { subject, html, text } on its key', async () => {
    storeAdminToken('jwt-admin');
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.requested.professional');
    render(<App />);
    const user = userEvent.setup();

    const subject = await screen.findByDisplayValue('Nouvelle demande de rendez-vous de {{attendee.name}}');
    await user.clear(subject);
    await user.type(subject, 'Demande de {{{{attendee.name}}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/v1/admin/mail-templates/appointment.requested.professional');
    expect(put?.body).toEqual({
      subject: 'Demande de {{attendee.name}}',
      html: '<p>Bonjour {{professional.name}}</p>',
      text: 'Bonjour {{professional.name}}',
    });
  });

  it('“Rétablir le modèle par défaut” sends DELETE on a customised template, after confirmation', async () => {
    storeAdminToken('jwt-admin');
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.reminder.attendee');
    render(<App />);
    const user = userEvent.setup();

    await screen.findByDisplayValue(
      'Rappel : rendez-vous avec {{professional.name}} le {{appointment.date}}',
    );
    await user.click(screen.getByRole('button', { name: 'Rétablir le modèle par défaut' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rétablir' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(
      '/api/v1/admin/mail-templates/appointment.reminder.attendee',
    );
    await waitFor(() => expect(window.location.pathname).toBe('/admin/mail-templates'));
  });

  it('offers no reset for a template that is still the default', async () => {
    storeAdminToken('jwt-admin');
    mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.requested.professional');
    render(<App />);
    await screen.findByDisplayValue('Nouvelle demande de rendez-vous de {{attendee.name}}');
    expect(
      (screen.getByRole('button', { name: 'Rétablir le modèle par défaut' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

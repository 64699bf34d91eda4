import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCallUrl } from '@rdv/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';

afterEach(() => vi.unstubAllGlobals());

const VARIABLES = [
  { name: 'attendee.name', label: 'Nom complet du client', required: true },
  { name: 'professional.name', label: 'Nom complet du professionnel', required: false },
];

/** What the API's preview does with its French sample values, for the variables these tests use. */
const SAMPLE_VALUES: Record<string, string> = {
  'attendee.name': 'Julien Martin',
  'professional.name': 'Claire Dubois',
};
const renderSample = (source: string) =>
  source.replace(/\{\{([\w.]+)\}\}/g, (_, name: string) => SAMPLE_VALUES[name] ?? '');
const UNKNOWN_VARIABLE = /\{\{(client\.[\w.]+)\}\}/;

const TEMPLATES = [
  {
    id: 'appointment.requested.professional',
    key: 'appointment.requested.professional',
    label: 'Nouvelle demande de rendez-vous (au professionnel)',
    subject: 'Nouvelle demande de rendez-vous de {{attendee.name}}',
    html: '<p>Bonjour {{professional.name}}</p>',
    text: 'Bonjour {{professional.name}}',
    customized: false,
    variables: VARIABLES,
  },
  {
    id: 'appointment.reminder.attendee',
    key: 'appointment.reminder.attendee',
    label: 'Rappel de rendez-vous (au client)',
    subject: 'Rappel : rendez-vous avec {{professional.name}} le {{appointment.date}}',
    html: '<p>Rappel</p>',
    text: 'Rappel',
    customized: true,
    variables: VARIABLES,
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
  const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
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
    const match = /^\/api\/v1\/admin\/mail-templates\/([^/]+?)(\/preview)?$/.exec(path);
    const template = match && TEMPLATES.find((t) => t.key === decodeURIComponent(match[1]));
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    const unknown = UNKNOWN_VARIABLE.exec(body.subject ?? '');
    if (template && (method === 'PUT' || match[2]) && unknown) {
      const message = `Sujet : variable inconnue {{${unknown[1]}}}`;
      return json(
        { statusCode: 400, code: 'INVALID_TEMPLATE', message, errors: { subject: message } },
        {},
        400,
      );
    }
    if (template && match[2] && method === 'POST') {
      const draft = { ...template, ...body };
      return json({
        subject: renderSample(draft.subject),
        html: renderSample(draft.html),
        text: renderSample(draft.text),
      });
    }
    if (template && method === 'GET') return json(template);
    if (template && method === 'PUT') return json({ ...template, ...body, customized: true });
    if (template && method === 'DELETE') return json({ ...template, customized: false });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('Modèles d’email (admin)', () => {
  it('lists every template key with its subject, from GET /api/v1/admin/mail-templates', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates');
    render(<App />);

    expect(await screen.findByText('appointment.requested.professional')).toBeTruthy();
    expect(screen.getByText('Nouvelle demande de rendez-vous (au professionnel)')).toBeTruthy();
    expect(screen.getByText('Rappel de rendez-vous (au client)')).toBeTruthy();
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

  it('lists the templates as a simple list on a 390 px phone, each opening its edit page', async () => {
    const happyDOM = (
      window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
    ).happyDOM;
    happyDOM.setViewport({ width: 390, height: 844 });
    try {
      mockApi();
      window.history.replaceState(null, '', '/admin/mail-templates');
      render(<App />);
      const link = await screen.findByRole('link', { name: /Rappel de rendez-vous \(au client\)/ });
      expect(link.getAttribute('href')).toBe('/admin/mail-templates/appointment.reminder.attendee');
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });

  it('saves an edited template with PUT { subject, html, text } on its key', async () => {
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
    await waitFor(() => expect(window.location.pathname).toBe('/admin/mail-templates'));
    expect(put?.url).toBe('/api/v1/admin/mail-templates/appointment.requested.professional');
    expect(put?.body).toEqual({
      subject: 'Demande de {{attendee.name}}',
      html: '<p>Bonjour {{professional.name}}</p>',
      text: 'Bonjour {{professional.name}}',
    });
  });

  it('“Rétablir le modèle par défaut” sends DELETE on a customised template, after confirmation', async () => {
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
    mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.requested.professional');
    render(<App />);
    await screen.findByDisplayValue('Nouvelle demande de rendez-vous de {{attendee.name}}');
    expect(
      (screen.getByRole('button', { name: 'Rétablir le modèle par défaut' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the variables of the template with their French labels, the required ones marked', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.requested.professional');
    render(<App />);

    const section = await screen.findByRole('region', { name: 'Variables disponibles' });
    expect(within(section).getByText('{{attendee.name}}')).toBeTruthy();
    expect(within(section).getByText('Nom complet du client')).toBeTruthy();
    expect(within(section).getByText('Nom complet du professionnel')).toBeTruthy();
    expect(within(section).getAllByText('obligatoire')).toHaveLength(1);
  });

  it('previews the template being edited with the sample values: subject, HTML in a sandboxed frame, text', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.requested.professional');
    render(<App />);
    const user = userEvent.setup();

    expect(await screen.findByText('Nouvelle demande de rendez-vous de Julien Martin')).toBeTruthy();
    const frame = screen.getByTitle('Aperçu HTML du mail');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Bonjour Claire Dubois</p>');
    expect(screen.getByTestId('preview-text').textContent).toBe('Bonjour Claire Dubois');

    const subject = screen.getByDisplayValue('Nouvelle demande de rendez-vous de {{attendee.name}}');
    await user.clear(subject);
    await user.type(subject, 'Demande de {{{{attendee.name}} pour {{{{professional.name}}');
    expect(await screen.findByText('Demande de Julien Martin pour Claire Dubois')).toBeTruthy();
    const previews = calls.filter((call) => call.url.endsWith('/preview'));
    expect(previews.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/admin/mail-templates/appointment.requested.professional/preview',
      body: {
        subject: 'Demande de {{attendee.name}} pour {{professional.name}}',
        html: '<p>Bonjour {{professional.name}}</p>',
        text: 'Bonjour {{professional.name}}',
      },
    });
    // Typing is debounced: not one preview request per key stroke.
    expect(previews.length).toBeLessThan(10);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s French refusal under the subject and as a notification, and stays on the page', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/mail-templates/appointment.requested.professional');
    render(<App />);
    const user = userEvent.setup();

    const subject = await screen.findByDisplayValue('Nouvelle demande de rendez-vous de {{attendee.name}}');
    await user.clear(subject);
    await user.type(subject, 'Demande de {{{{client.name}}');
    // The live preview already says why it cannot be saved.
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Sujet : variable inconnue {{client.name}}');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // Under the field, in the notification and in the preview panel.
    await waitFor(() =>
      expect(screen.getAllByText('Sujet : variable inconnue {{client.name}}').length).toBeGreaterThanOrEqual(
        3,
      ),
    );
    expect(window.location.pathname).toBe('/admin/mail-templates/appointment.requested.professional');
  });
});

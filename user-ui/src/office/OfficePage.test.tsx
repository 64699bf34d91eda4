import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp, type FakeRoute } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const OFFICE_API = `${API_USER}/office`;
const COLLEAGUE = '22222222-2222-4222-8222-222222222222';
const REQUESTER = '33333333-3333-4333-8333-333333333333';

const member = (id: string, first_name: string, last_name: string, is_manager: boolean) => ({
  id,
  first_name,
  last_name,
  userUri: `${first_name}-${last_name}`.toLowerCase(),
  picture: null,
  is_manager,
  listed: true,
});

const OFFICE = {
  id: '44444444-4444-4444-8444-444444444444',
  teamUri: 'cabinet-martin-besancon',
  name: 'Cabinet Martin',
  ext_id: '73282932000074',
  presentation: 'Droit de la famille à Besançon.',
  street: '12 rue des Granges',
  postal_code: '25000',
  city: { cityUri: 'besancon', name: 'Besançon' },
  phone: null,
  email: null,
  picture: null,
  manager_id: ACCOUNT._id,
  can_manage: true,
  members: [member(ACCOUNT._id, 'Claire', 'Martin', true), member(COLLEAGUE, 'Paul', 'Roux', false)],
  join_requests: [
    {
      id: REQUESTER,
      first_name: 'Inès',
      last_name: 'Haddad',
      email: 'ines.haddad@example.fr',
      requested_at: '2026-11-20T09:00:00.000Z',
    },
  ],
};
const NO_OFFICE = { office: null, pending_request: null };
const DEFAULT_TEMPLATE = 'Nouvelle demande de rendez-vous pour {{professional.name}}';
const CHAT = {
  webhookUrl: null,
  messageTemplate: null,
  enabled: false,
  defaultTemplate: DEFAULT_TEMPLATE,
  variables: [{ name: 'professional.name', label: 'Nom du professionnel' }],
  teamId: 't1',
};
const MANAGED: FakeRoute = {
  path: OFFICE_API,
  body: { office: { ...OFFICE, join_requests: [] }, pending_request: null },
};

function setup(routes: FakeRoute[]) {
  const api = fakeApi([...routes, ...signedIn(), { path: `${API_USER}/chat-settings`, body: CHAT }]);
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderApp('/user/mon-etude');
  return { calls: api.calls, user: userEvent.setup() };
}

const sent = (
  calls: { method: string; url: string; headers: Headers; body: unknown }[],
  method: string,
  path: string,
) => calls.filter((call) => call.method === method && call.url.endsWith(path));

describe('my office /user/mon-etude', () => {
  it('creates an office; a SIRET another office has is refused on its field, in French', async () => {
    const { calls, user } = setup([
      { path: OFFICE_API, body: NO_OFFICE },
      {
        method: 'POST',
        path: OFFICE_API,
        status: 409,
        body: { statusCode: 409, code: 'EXT_ID_ALREADY_EXISTS', message: 'ext_id already exists' },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Créer mon cabinet' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le nom du cabinet est obligatoire')).toBeTruthy();
    expect(sent(calls, 'POST', '/office')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Nom du cabinet/), 'Cabinet Martin');
    await user.type(within(form).getByLabelText(/SIRET du cabinet/), '73282932000074');
    await user.type(within(form).getByLabelText('Email'), 'pas-un-email');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Veuillez renseigner un email valide')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Email'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(form).findByText('Un cabinet avec ce SIRET existe déjà')).toBeTruthy();
    const [post] = sent(calls, 'POST', '/office');
    expect(post.body).toMatchObject({
      name: 'Cabinet Martin',
      ext_id: '73282932000074',
      email: null,
      city_uri: null,
    });

    // A corrected SIRET is a new request (new idempotency key); the same form sent twice is one request.
    const siret = within(form).getByLabelText(/SIRET du cabinet/);
    await user.clear(siret);
    await user.type(siret, '84123456700011');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent(calls, 'POST', '/office')).toHaveLength(2));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent(calls, 'POST', '/office')).toHaveLength(3));
    const keys = sent(calls, 'POST', '/office').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('asks to join an office by its SIRET and shows the pending request, which can be withdrawn', async () => {
    const pending = {
      office: null,
      pending_request: {
        teamUri: 'cabinet-martin-besancon',
        name: 'Cabinet Martin',
        ext_id: '73282932000074',
        requested_at: '2026-11-20T09:00:00.000Z',
      },
    };
    const { calls, user } = setup([
      { path: OFFICE_API, body: NO_OFFICE },
      { method: 'POST', path: `${OFFICE_API}/join-request`, body: pending },
      { method: 'DELETE', path: `${OFFICE_API}/join-request`, body: NO_OFFICE },
    ]);
    const form = await screen.findByRole('form', { name: 'Rejoindre un cabinet' });
    await user.type(within(form).getByLabelText(/SIRET du cabinet/), ' 73282932000074 ');
    await user.click(within(form).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText(/Vous avez demandé à rejoindre/)).toBeTruthy();
    expect(screen.getByText(/20 novembre 2026/)).toBeTruthy();
    expect(sent(calls, 'POST', '/join-request')[0].body).toEqual({ ext_id: '73282932000074' });

    await user.click(screen.getByRole('button', { name: 'Retirer ma demande' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByRole('form', { name: 'Rejoindre un cabinet' })).toBeTruthy();
  });

  it('shows an unknown SIRET’s refusal under the field', async () => {
    const { user } = setup([
      { path: OFFICE_API, body: NO_OFFICE },
      {
        method: 'POST',
        path: `${OFFICE_API}/join-request`,
        status: 400,
        body: {
          statusCode: 400,
          code: 'OFFICE_NOT_FOUND',
          message: 'Aucun cabinet n’est inscrit avec ce SIRET',
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Rejoindre un cabinet' });
    await user.type(within(form).getByLabelText(/SIRET du cabinet/), '84987654300018');
    await user.click(within(form).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await within(form).findByText('Aucun cabinet n’est inscrit avec ce SIRET')).toBeTruthy();
  });

  it('lets the manager accept a request, hand the office over and save its details', async () => {
    const accepted = {
      office: {
        ...OFFICE,
        join_requests: [],
        members: [...OFFICE.members, member(REQUESTER, 'Inès', 'Haddad', false)],
      },
      pending_request: null,
    };
    const handedOver = {
      office: {
        ...accepted.office,
        can_manage: false,
        manager_id: COLLEAGUE,
        members: accepted.office.members.map((m) => ({ ...m, is_manager: m.id === COLLEAGUE })),
      },
      pending_request: null,
    };
    const { calls, user } = setup([
      { path: OFFICE_API, body: { office: OFFICE, pending_request: null } },
      {
        method: 'PUT',
        path: OFFICE_API,
        body: { office: { ...OFFICE, name: 'Cabinet Martin & Roux' }, pending_request: null },
      },
      { method: 'POST', path: `${OFFICE_API}/join-requests/${REQUESTER}/accept`, body: accepted },
      { method: 'PUT', path: `${OFFICE_API}/manager`, body: handedOver },
    ]);
    const form = await screen.findByRole('form', { name: 'Mon cabinet' });
    expect(screen.getByRole('link', { name: 'Voir la page publique du cabinet' }).getAttribute('href')).toBe(
      '/etude/cabinet-martin-besancon',
    );
    const name = within(form).getByLabelText(/Nom du cabinet/);
    await user.clear(name);
    await user.type(name, 'Cabinet Martin & Roux');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Modifications enregistrées')).toBeTruthy();
    expect(sent(calls, 'PUT', '/office')[0].body).toMatchObject({
      name: 'Cabinet Martin & Roux',
      ext_id: '73282932000074',
    });

    const requests = screen.getByRole('list', { name: 'Demandes à rejoindre le cabinet' });
    await user.click(within(requests).getByRole('button', { name: 'Accepter Inès Haddad' }));
    const members = await screen.findByRole('list', { name: 'Membres du cabinet' });
    await waitFor(() => expect(within(members).getByText('Inès Haddad')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Demandes à rejoindre le cabinet' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Confier la gestion à Paul Roux' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confier la gestion' }),
    );
    expect(sent(calls, 'PUT', '/office/manager')[0].body).toEqual({ member_id: COLLEAGUE });
    // No longer the manager: the details become read-only and the member actions disappear.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Mon cabinet' })).toBeNull());
    expect(screen.getByText('SIRET : 732 829 320 00074')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Retirer Paul Roux/ })).toBeNull();
  });

  it('shows the server’s French refusal when the manager leaves without handing over', async () => {
    const { user } = setup([
      { path: OFFICE_API, body: { office: { ...OFFICE, join_requests: [] }, pending_request: null } },
      {
        method: 'DELETE',
        path: `${OFFICE_API}/members/${ACCOUNT._id}`,
        status: 409,
        body: {
          statusCode: 409,
          code: 'OFFICE_MANAGER_MUST_HAND_OVER',
          message: 'Confiez la gestion du cabinet à un autre membre avant de le quitter',
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Quitter le cabinet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Quitter' }));
    expect(await within(dialog).findByText(/Confiez la gestion du cabinet/)).toBeTruthy();
  });
});

describe('my office /user/mon-etude: team messaging (its manager)', () => {
  it('saves the office’s incoming webhook and message, with the default message as placeholder', async () => {
    const saved = { ...CHAT, webhookUrl: 'https://hooks.slack.com/services/T0/B0/x', enabled: true };
    const { calls, user } = setup([
      MANAGED,
      { method: 'PUT', path: `${API_USER}/chat-settings`, body: saved },
    ]);
    const form = await screen.findByRole('form', { name: 'Messagerie d’équipe' });
    const message = within(form).getByLabelText('Message');
    // The default message as a person reads it: its variables by their labels.
    expect(message.getAttribute('placeholder')).toBe(
      DEFAULT_TEMPLATE.replace('{{professional.name}}', '« Nom du professionnel »'),
    );
    const url = within(form).getByLabelText('URL du webhook entrant');
    await user.type(url, 'hooks.slack.com');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('L’adresse du webhook doit être une URL http(s)')).toBeTruthy();
    expect(sent(calls, 'PUT', '/chat-settings')).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://hooks.slack.com/services/T0/B0/x');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Messagerie d’équipe enregistrée')).toBeTruthy();
    expect(sent(calls, 'PUT', '/chat-settings')[0]?.body).toEqual({
      webhookUrl: 'https://hooks.slack.com/services/T0/B0/x',
      messageTemplate: null,
      enabled: true,
    });
  });

  it('shows the API’s refusal of a template that does not compile', async () => {
    const { user } = setup([
      MANAGED,
      {
        method: 'PUT',
        path: `${API_USER}/chat-settings`,
        status: 400,
        body: { statusCode: 400, code: 'TEMPLATE_INVALID', message: 'Message : modèle invalide' },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Messagerie d’équipe' });
    await user.type(within(form).getByLabelText('URL du webhook entrant'), 'https://chat.example.fr/hook');
    await user.type(within(form).getByLabelText('Message'), '{{{{#if}}');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Message : modèle invalide')).toBeTruthy();
  });
});

describe('my office /user/mon-etude: a created office', () => {
  it('shows the new office, its manager and its public page once created', async () => {
    const { calls, user } = setup([
      { path: OFFICE_API, body: NO_OFFICE },
      {
        method: 'POST',
        path: OFFICE_API,
        status: 201,
        body: {
          office: { ...OFFICE, join_requests: [], members: [member(ACCOUNT._id, 'Claire', 'Martin', true)] },
          pending_request: null,
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Créer mon cabinet' });
    await user.type(within(form).getByLabelText(/Nom du cabinet/), 'Cabinet Martin');
    await user.type(within(form).getByLabelText(/SIRET du cabinet/), '73282932000074');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const members = await screen.findByRole('list', { name: 'Membres du cabinet' });
    expect(within(members).getByText('Claire Martin (vous)')).toBeTruthy();
    expect(within(members).getByText('Gestionnaire')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Créer mon cabinet' })).toBeNull();
    expect(sent(calls, 'POST', '/office')).toHaveLength(1);
  });
});

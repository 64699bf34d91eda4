import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, ACCOUNT, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const FOLDER_ID = '22222222-2222-4222-8222-222222222222';
const folder = {
  id: FOLDER_ID,
  title: 'Litige locatif',
  reference: 'LOC-2026-014',
  notes: 'Mise en demeure à envoyer',
  archived: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  client: { id: 'a1', first_name: 'Julien', last_name: 'Client', email: 'julien@example.fr' },
  professional: { id: ACCOUNT._id, first_name: 'Claire', last_name: 'Martin' },
  documents_count: 1,
  unread_count: 1,
};
const detail = {
  ...folder,
  appointments: [
    {
      id: 'e1',
      refAppointment: 'REF1',
      start: '2026-11-10T09:00:00Z',
      end: '2026-11-10T10:00:00Z',
      status: 'confirmed',
      mode: 'in_person',
      title: 'Première consultation',
    },
  ],
  documents: [
    {
      id: 'd1',
      label: 'Contrat de bail',
      file_name: 'document-2026-11-20-abcdef.pdf',
      mime_type: 'application/pdf',
      size: 20480,
      uploaded_by: 'attendee',
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
  messages: [
    {
      id: 'm1',
      author: 'attendee',
      body: 'Voici le contrat.',
      read_at: null,
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
};

describe('client folders /user/dossiers-client', () => {
  it('lists the folders, opens the folder dialog with notes, documents and the exchange, and reads the messages', async () => {
    const { fetchMock, calls } = fakeApi([
      ...signedIn(),
      { path: `${API_USER}/folders`, body: [folder] },
      { path: `/api/v1/folders/${FOLDER_ID}`, body: detail },
      { method: 'POST', path: `/api/v1/folders/${FOLDER_ID}/messages/read`, body: { marked: 1 } },
      {
        method: 'POST',
        path: `/api/v1/folders/${FOLDER_ID}/messages`,
        status: 201,
        body: {
          id: 'm2',
          author: 'user',
          body: 'Bien reçu',
          read_at: null,
          created_at: '2026-11-21T10:00:00Z',
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/dossiers-client');

    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir le dossier Litige locatif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Litige locatif' });
    expect(within(dialog).getByLabelText('Notes (visibles uniquement par votre cabinet)')).toHaveProperty(
      'value',
      'Mise en demeure à envoyer',
    );
    expect(within(dialog).getByText('Contrat de bail')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Télécharger Contrat de bail' })).toBeTruthy();
    expect(within(within(dialog).getByRole('log')).getByText('Voici le contrat.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages/read'))).toBe(true),
    );

    await userEvent.type(within(dialog).getByLabelText('Votre message au client'), 'Bien reçu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))?.body).toEqual({
        body: 'Bien reçu',
      }),
    );
  });

  it('filters by search text and status through the API', async () => {
    const { fetchMock, calls } = fakeApi([...signedIn(), { path: `${API_USER}/folders`, body: [] }]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/dossiers-client');
    expect(await screen.findByText(/Aucun dossier/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Rechercher (titre, référence, client)'), 'LOC');
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=LOC'))).toBe(true));
  });

  it('hides the menu entry when the site configuration turns client folders off', async () => {
    const { fetchMock } = fakeApi([
      ...signedIn(),
      {
        path: '/api/v1/site-config',
        body: {
          flags: {
            specialities_enabled: true,
            user_card_default: false,
            sponsorship: true,
            client_folders: false,
          },
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/dashboard');
    expect((await screen.findAllByRole('link', { name: /Parrainage/ })).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /Dossiers clients/ })).toHaveLength(0));
  });
});

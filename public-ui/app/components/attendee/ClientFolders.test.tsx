import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ClientFolders } from './ClientFolders';

const folder = {
  id: 'f1',
  title: 'Litige locatif',
  reference: null,
  notes: null,
  archived: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  client: { id: 'a1', first_name: 'Julien', last_name: 'Client', email: 'julien@example.fr' },
  professional: { id: 'p1', first_name: 'Camille', last_name: 'Durand' },
  documents_count: 2,
  unread_count: 0,
  appointments: [],
  documents: [
    {
      id: 'd1',
      label: 'Contrat de bail',
      file_name: 'document-2026-11-20-abcdef.pdf',
      mime_type: 'application/pdf',
      size: 2048,
      uploaded_by: 'attendee' as const,
      created_at: '2026-11-20T10:00:00Z',
    },
    {
      id: 'd2',
      label: 'Convention d’honoraires',
      file_name: 'document-2026-11-21-abcdef.pdf',
      mime_type: 'application/pdf',
      size: 4096,
      uploaded_by: 'user' as const,
      created_at: '2026-11-21T10:00:00Z',
    },
  ],
  messages: [
    {
      id: 'm1',
      author: 'user' as const,
      body: 'Bien reçu.',
      read_at: null,
      created_at: '2026-11-21T10:00:00Z',
    },
  ],
};

describe('ClientFolders (/participant/profil)', () => {
  it('lists the documents behind the signed-link route, lets the client delete only theirs, shows the exchange', async () => {
    const Stub = createRoutesStub([
      {
        path: '/participant/profil',
        Component: () => <ClientFolders folders={[folder]} busy={false} honorific="Maître" />,
      },
    ]);
    render(<Stub initialEntries={['/participant/profil']} />);
    const section = await screen.findByRole('region', { name: 'Mes documents et échanges' });
    expect(within(section).getByRole('link', { name: 'Contrat de bail' }).getAttribute('href')).toBe(
      '/participant/documents/f1/d1',
    );
    expect(within(section).getByRole('button', { name: 'Supprimer Contrat de bail' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Supprimer Convention d’honoraires' })).toBeNull();
    expect(within(section).getByText('ajouté par Maître Camille Durand', { exact: false })).toBeTruthy();
    const messages = within(section).getByRole('list', { name: 'Messages avec Maître Camille Durand' });
    expect(within(messages).getByText('Bien reçu.')).toBeTruthy();
    expect(within(section).getByLabelText('Votre message à Maître Camille Durand')).toBeTruthy();
  });
});

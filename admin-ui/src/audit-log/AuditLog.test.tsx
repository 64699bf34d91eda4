import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { fetchCallUrl } from '@rdv/api-client';
import { App } from '../App';
import { changedFields } from './AuditLogShow';

afterEach(() => vi.unstubAllGlobals());

const ENTRY = {
  id: 7,
  adminId: 'a1',
  adminEmail: 'admin@example.fr',
  action: 'update',
  resource: 'users',
  resourceId: '6f1c2d4e-0000-4000-8000-000000000001',
  resourceName: 'Camille Durand',
  before: { first_name: 'Camille', city: 'Lyon', is_public: true },
  after: { first_name: 'Camille', city: 'Villeurbanne', is_public: false },
  createdAt: '2026-11-20T09:30:00.000Z',
};

function mockApi() {
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request) => {
      const url = fetchCallUrl(input);
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      if (url.startsWith('/api/v1/admin/audit-log?'))
        return json([ENTRY], { 'Content-Range': 'audit-log 0-0/1' });
      if (url === '/api/v1/admin/audit-log/7') return json(ENTRY);
      return new Response(JSON.stringify({ statusCode: 404 }), { status: 404 });
    }),
  );
}

describe('audit log in the console', () => {
  it('lists entries by what they are about, in words: the professional’s name, not an id', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/audit-log');
    render(<App />);
    expect(await screen.findByText('Camille Durand')).toBeTruthy();
    expect(screen.getAllByText('Professionnel').length).toBeGreaterThan(0);
    expect(screen.queryByText(ENTRY.resourceId)).toBeNull();
  });

  it('shows what changed, field by field, and only that', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/audit-log/7/show');
    render(<App />);
    const table = await screen.findByRole('table', { name: 'Champs modifiés' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['cityLyonVilleurbanne', 'is_publictruefalse']);
    expect(changedFields(ENTRY).map((field) => field.key)).toEqual(['city', 'is_public']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './dataProvider';

afterEach(() => vi.unstubAllGlobals());

describe('admin dataProvider', () => {
  it('lists with ra-data-simple-rest parameters on /api/v1/admin, the Bearer token, and maps _id to id', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify([{ _id: 't1', name: 'Cabinet Martin' }]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'teams 0-0/1' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const result = await dataProvider.getList('teams', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'martin' },
    });

    expect(result).toEqual({ data: [{ _id: 't1', id: 't1', name: 'Cabinet Martin' }], total: 1 });
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://localhost');
    expect(url.pathname).toBe('/api/v1/admin/teams');
    expect(url.searchParams.get('sort')).toBe('["name","ASC"]');
    expect(url.searchParams.get('range')).toBe('[0,9]');
    expect(url.searchParams.get('filter')).toBe('{"q":"martin"}');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Headers;
    expect(headers.get('x-rdv-session')).toBe('admin');
  });

  it('rejects with the HTTP status when an endpoint is missing, so react-admin shows its notification', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Cannot GET /api/v1/admin/posts' }),
            { status: 404 },
          ),
      ),
    );
    await expect(
      dataProvider.getList('posts', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 404, message: 'Élément introuvable (404)' });
  });

  it("shows the server's contract texts in French", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              statusCode: 409,
              code: 'EXT_ID_ALREADY_EXISTS',
              message: 'ext_id already exists',
            }),
            { status: 409 },
          ),
      ),
    );
    await expect(dataProvider.create('teams', { data: { name: 'X', ext_id: '123' } })).rejects.toThrow(
      'Un cabinet avec ce SIRET existe déjà',
    );
  });

  it('edits a professional with the names the API writes (team_id, is_active) and sends only editable fields (never subscribed_at, which the first paid invoice sets)', async () => {
    const saved = {
      _id: 'u1',
      id: 'u1',
      first_name: 'Claire',
      last_name: 'Martin',
      email: 'c@example.fr',
      teamId: 't2',
      isActive: false,
      createdAt: '2026-01-01',
    };
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(saved), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const result = await dataProvider.update('users', {
      id: 'u1',
      data: {
        ...saved,
        first_name: ' Claire ',
        team_id: 't2',
        is_active: false,
        indexable: false,
        username: '',
        subscribed_at: '2026-11-01',
        registrationComplete: true,
      },
      previousData: saved,
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/admin/users/u1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({
      first_name: 'Claire',
      last_name: 'Martin',
      email: 'c@example.fr',
      team_id: 't2',
      is_active: false,
      indexable: false,
    });
    expect(result.data).toMatchObject({ id: 'u1', team_id: 't2', is_active: false });
  });
});

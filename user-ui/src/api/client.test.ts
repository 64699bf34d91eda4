import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES_FR } from '@rdv/sectors';
import { ApiError } from './client';
import { authApi, futureEventsCountOf, usersApi } from './auth';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async (_request: Request) => new Response(JSON.stringify(body), { status }));
}

describe("the professional space's API client", () => {
  it('calls the same-origin /api/v1 URL with JSON and the user_token as Bearer', async () => {
    const fetchMock = answer(200, { token: 't', user: { _id: 'u1' } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(authApi.login('cmartin', 'secret')).resolves.toEqual({ token: 't', user: { _id: 'u1' } });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.url).toBe(`${window.location.origin}/api/v1/login`);
    expect(request.headers.get('x-rdv-session')).toBe('user');
    expect(request.headers.get('content-type')).toBe('application/json');
    await expect(request.text()).resolves.toBe('{"username":"cmartin","password":"secret"}');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await authApi.checkLogged();
    expect(fetchMock.mock.calls[0]![0].headers.get('authorization')).toBeNull();
  });

  it('asks the future appointments count of the professional with ids[]=', async () => {
    const fetchMock = answer(200, { count: 0, u_f_e_c: [] });
    vi.stubGlobal('fetch', fetchMock);
    await usersApi.futureEventsCount('u1');
    expect(new URL(fetchMock.mock.calls[0]![0].url).search).toBe('?ids%5B%5D=u1');
  });

  it('turns {statusCode, code, message} into an error carrying the French message', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' }),
    );
    const error = await authApi.forgotPassword('a@b.fr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Un utilisateur avec cet email existe déjà');
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe('EMAIL_ALREADY_EXISTS');
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await authApi.checkLogged().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(MESSAGES_FR.networkError);
  });
});

describe('future appointments count', () => {
  it('reads count, or the per-user u_f_e_c entry when count is absent', () => {
    expect(futureEventsCountOf({ u_f_e_c: [{ user_id: 'u1', count: 2 }], count: 2 }, 'u1')).toBe(2);
    const perUserOnly = {
      u_f_e_c: [
        { user_id: 'u2', count: 9 },
        { user_id: 'u1', count: 4 },
      ],
    } as unknown as Parameters<typeof futureEventsCountOf>[0];
    expect(futureEventsCountOf(perUserOnly, 'u1')).toBe(4);
    expect(futureEventsCountOf(undefined, 'u1')).toBe(0);
  });
});

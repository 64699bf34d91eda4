import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest } from './client';
import { futureEventsCountOf } from './auth';
import { storeUserToken } from '../auth/token';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('API client', () => {
  it('calls the relative /api/v1 URL with JSON and the user_token as Bearer', async () => {
    storeUserToken('jwt-abc');
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer jwt-abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/things');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns {statusCode, code, message} into an error carrying the French message', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' }),
    );
    const error = await apiRequest('/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Un utilisateur avec cet email existe déjà');
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe('EMAIL_ALREADY_EXISTS');
    expect((error as ApiError).serverMessage).toBe('Email already exists');
  });

  it('maps a list of validation messages and keeps French ones as they are', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: ['email must be an email', 'Le téléphone est requis'],
      }),
    );
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Veuillez renseigner un email valide Le téléphone est requis');
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('future appointments count', () => {
  it('reads count, or the per-user u_f_e_c entry when count is absent', () => {
    expect(futureEventsCountOf({ u_f_e_c: [{ user_id: 'u1', count: 2 }], count: 2 }, 'u1')).toBe(2);
    expect(
      futureEventsCountOf(
        {
          u_f_e_c: [
            { user_id: 'u2', count: 9 },
            { user_id: 'u1', count: 4 },
          ],
        },
        'u1',
      ),
    ).toBe(4);
    expect(futureEventsCountOf({ u_f_e_c: { u1: 5 } }, 'u1')).toBe(5);
    expect(futureEventsCountOf(undefined, 'u1')).toBe(0);
  });
});

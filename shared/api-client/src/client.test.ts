import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES_FR } from '@rdv/sectors';
import { ApiError, createApiClient, unwrap } from './index.js';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async (_request: Request) => new Response(JSON.stringify(body), { status }));
}

const api = (token?: string) => createApiClient({ baseUrl: 'http://api.test', token: () => token });

describe('generated API client', () => {
  it('calls the typed /api/v1 path with JSON, the area token as Bearer and a request id', async () => {
    const fetchMock = answer(200, { token: 't', user: { _id: 'u1' } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      unwrap(api('jwt-abc').POST('/api/v1/login', { body: { username: 'me', password: 'secret' } })),
    ).resolves.toEqual({ token: 't', user: { _id: 'u1' } });
    const request = fetchMock.mock.calls[0][0];
    expect(request.url).toBe('http://api.test/api/v1/login');
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer jwt-abc');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{32,36}$/);
    await expect(request.json()).resolves.toEqual({ username: 'me', password: 'secret' });
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await unwrap(api().GET('/api/v1/specialities'));
    expect(fetchMock.mock.calls[0][0].headers.get('authorization')).toBeNull();
  });

  it('turns {statusCode, code, message} into an ApiError carrying the French message', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' }),
    );
    const error = await unwrap(api().GET('/api/v1/specialities')).catch((e: unknown) => e);
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
    const error = (await unwrap(api().GET('/api/v1/specialities')).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Veuillez renseigner un email valide Le téléphone est requis');
  });

  it('says "too many attempts" on 429 and never shows a server failure text', async () => {
    vi.stubGlobal('fetch', answer(429, { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'x' }));
    const tooMany = (await unwrap(api().GET('/api/v1/specialities')).catch((e: unknown) => e)) as ApiError;
    expect(tooMany.message).toBe(MESSAGES_FR.tooManyAttempts);
    vi.stubGlobal('fetch', answer(500, { statusCode: 500, message: 'Internal server error' }));
    const failure = (await unwrap(api().GET('/api/v1/specialities')).catch((e: unknown) => e)) as ApiError;
    expect(failure.message).toBe(MESSAGES_FR.unexpectedError);
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await unwrap(api().GET('/api/v1/specialities')).catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkFailure).toBe(true);
    expect(error.message).toBe(MESSAGES_FR.networkError);
  });
});

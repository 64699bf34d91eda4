import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFetchCall } from '@rdv/api-client';
import { authProvider } from './authProvider';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
}

/** The token of a login answer is never copied where a script of the page could read it. */
function expectNoTokenKept(token: string) {
  expect(document.cookie).not.toContain(token);
  expect(JSON.stringify({ ...localStorage })).not.toContain(token);
  expect(JSON.stringify({ ...sessionStorage })).not.toContain(token);
}

describe('admin authProvider', () => {
  it('logs in with POST /api/v1/auth/admin/login {email, password}; the session cookie is the API’s, no token is kept', async () => {
    const fetchMock = respond(200, { token: 'jwt-admin', admin: { _id: 'a1', email: 'admin@example.fr' } });
    vi.stubGlobal('fetch', fetchMock);

    // Back to the page react-admin remembered, through the shared return-path helper (none here: the dashboard).
    await expect(
      authProvider.login({ username: 'admin@example.fr', password: 'secret passphrase' }),
    ).resolves.toEqual({ redirectTo: '/' });

    const call = await readFetchCall(...fetchMock.mock.calls[0]!);
    expect(call.url).toBe('/api/v1/auth/admin/login');
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      email: 'admin@example.fr',
      password: 'secret passphrase',
    });
    expect(call.headers.get('x-rdv-session')).toBe('admin');
    expectNoTokenKept('jwt-admin');
  });

  it('accepts the email field of our login form as well', async () => {
    const fetchMock = respond(200, { token: 'jwt-admin', admin: {} });
    vi.stubGlobal('fetch', fetchMock);
    await authProvider.login({ email: ' admin@example.fr ', password: 'x' });
    expect((await readFetchCall(...fetchMock.mock.calls[0]!)).body).toMatchObject({
      email: 'admin@example.fr',
    });
  });

  it("refuses a login with French messages: 'Account not exist', wrong password, too many attempts", async () => {
    vi.stubGlobal(
      'fetch',
      respond(404, { statusCode: 404, code: 'ACCOUNT_NOT_EXIST', message: 'Account not exist' }),
    );
    await expect(authProvider.login({ username: 'x@example.fr', password: 'x' })).rejects.toThrow(
      "Aucun compte n'existe avec cet email",
    );
    vi.stubGlobal(
      'fetch',
      respond(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Unauthorized' }),
    );
    await expect(authProvider.login({ username: 'x@example.fr', password: 'x' })).rejects.toThrow(
      'Identifiants incorrects',
    );
    vi.stubGlobal(
      'fetch',
      respond(429, { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too Many Requests' }),
    );
    await expect(authProvider.login({ username: 'x@example.fr', password: 'x' })).rejects.toThrow(
      'Trop de tentatives, veuillez réessayer dans quelques minutes',
    );
    expect(document.cookie).not.toContain('admin_token');
  });

  it('checks the session with GET /api/v1/auth/admin/check-logged and the Bearer token', async () => {
    const fetchMock = respond(200, {
      _id: 'a1',
      email: 'admin@example.fr',
      first_name: 'Anne',
      last_name: 'Leroy',
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    const call = await readFetchCall(...fetchMock.mock.calls[0]!);
    expect(call.url).toBe('/api/v1/auth/admin/check-logged');
    expect(call.headers.get('x-rdv-session')).toBe('admin');
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 'a1', fullName: 'Anne Leroy' });
  });

  it('rejects checkAuth silently when the API refuses the session, and forgets a legacy readable token', async () => {
    // The session cookie is HttpOnly: the console cannot tell it is missing, it asks check-logged.
    document.cookie = 'admin_token=expired; Path=/';
    const fetchMock = respond(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const call = await readFetchCall(...fetchMock.mock.calls[0]!);
    expect(call.url).toBe('/api/v1/auth/admin/check-logged');
    expect(call.headers.get('x-rdv-session')).toBe('admin');
    // The old token is neither sent nor kept.
    expect(call.headers.get('authorization')).toBeNull();
    expect(document.cookie).not.toContain('admin_token');
  });

  it('logs out by revoking the token on the server and clearing the cookie', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await authProvider.logout({});
    const call = await readFetchCall(...(fetchMock.mock.calls[0] as unknown as [RequestInfo]));
    expect(call.url).toBe('/api/v1/auth/admin/logout');
    expect(call.headers.get('x-rdv-session')).toBe('admin');
    expect(document.cookie).not.toContain('admin_token');
    expect(document.cookie).not.toContain('admin_token=jwt-admin');
  });

  it('logs out on 401 and 403 API errors, and keeps the session on others', async () => {
    await expect(authProvider.checkError({ status: 404 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(document.cookie).not.toContain('jwt-admin');
    await expect(authProvider.checkError({ status: 403 })).rejects.toBeUndefined();
    expect(document.cookie).not.toContain('admin_token');
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeUndefined();
    expect(document.cookie).not.toContain('admin_token');
  });
});

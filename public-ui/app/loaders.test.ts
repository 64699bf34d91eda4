// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi } from './fake-api.test-helper';
import { clearApiCache } from './lib/api.server';
import { loader as homeLoader } from './routes/home';
import { action as registrationAction } from './routes/registration-request';

let api: Awaited<ReturnType<typeof startFakeApi>> | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
  clearApiCache();
  vi.unstubAllEnvs();
});

async function withApi(routes: Parameters<typeof startFakeApi>[0]) {
  api = await startFakeApi(routes);
  vi.stubEnv('API_URL', api.url);
  return api;
}

function registrationPost(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request('http://localhost/demande-inscription', { method: 'POST', body });
}

const validRequest = {
  civility: 'Mme',
  first_name: 'Claire',
  last_name: 'Martin',
  email: 'claire.martin@example.fr',
  phone: '06 12 34 56 78',
  officeName: 'Cabinet Martin',
  officeNumber: '73282932000074',
  city: 'Lyon',
  message: 'Bonjour',
};

type ActionArgs = Parameters<typeof registrationAction>[0];
const homeArgs = () =>
  ({ request: new Request('http://localhost/'), params: {}, context: {} }) as unknown as Parameters<
    typeof homeLoader
  >[0];
const call = (request: Request) =>
  registrationAction({ request, params: {}, context: {} } as unknown as ActionArgs);

/** The action answers plain objects or `data()` wrappers; give back the payload and status. */
function unwrap(result: unknown): { status: number; payload: Record<string, unknown> } {
  const r = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (r && r.type === 'DataWithResponseInit') return { status: r.init?.status ?? 200, payload: r.data ?? {} };
  return { status: 200, payload: result as Record<string, unknown> };
}

describe('home loader', () => {
  it('reads the specialities from GET /api/v1/specialities, sorted in French order', async () => {
    await withApi({
      'GET /api/v1/specialities': {
        status: 200,
        body: [
          { _id: 2, slug: 'droit-penal', name: 'Droit pénal' },
          { _id: 1, slug: 'droit-des-affaires', name: 'Droit des affaires' },
        ],
      },
    });
    const data = await homeLoader(homeArgs());
    expect(data.specialities).toEqual([
      { _id: '1', slug: 'droit-des-affaires', name: 'Droit des affaires' },
      { _id: '2', slug: 'droit-penal', name: 'Droit pénal' },
    ]);
  });

  it('renders without specialities and logs when the API fails (docs/product.md §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await withApi({ 'GET /api/v1/specialities': { status: 500, body: { statusCode: 500 } } });
    expect((await homeLoader(homeArgs())).specialities).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/api/v1/specialities failed'));
  });

  it('renders without specialities when the API is not running', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('API_URL', 'http://127.0.0.1:9');
    expect((await homeLoader(homeArgs())).specialities).toEqual([]);
  });
});

describe('registration request action', () => {
  it('posts the request as JSON to /api/v1/registration-requests and reports success', async () => {
    const fake = await withApi({
      'POST /api/v1/registration-requests': { status: 201, body: { _id: 'r1' } },
    });
    const { payload } = unwrap(await call(registrationPost(validRequest)));
    expect(payload).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(fake.requests[0].body)).toEqual(validRequest);
  });

  it('forwards only the address the gateway derived (X-Client-IP), never a client-sent X-Forwarded-For', async () => {
    const fake = await withApi({
      'POST /api/v1/registration-requests': { status: 201, body: { _id: 'r1' } },
    });
    const request = new Request('http://localhost/demande-inscription', {
      method: 'POST',
      body: new URLSearchParams(validRequest),
      headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', 'x-client-ip': '203.0.113.5' },
    });
    await call(request);
    expect(fake.requests[0].headers['x-forwarded-for']).toBe('203.0.113.5');
  });

  it('refuses an invalid email with the French message, without calling the API', async () => {
    const fake = await withApi({});
    const { status, payload } = unwrap(
      await call(registrationPost({ ...validRequest, email: 'pas-un-email' })),
    );
    expect(status).toBe(400);
    expect(payload.errors).toEqual({ email: 'Veuillez renseigner un email valide' });
    expect(fake.requests).toHaveLength(0);
  });

  it('shows the API’s contract texts in French', async () => {
    await withApi({
      'POST /api/v1/registration-requests': {
        status: 409,
        body: { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' },
      },
    });
    const { payload } = unwrap(await call(registrationPost(validRequest)));
    expect(payload.formError).toBe('Un utilisateur avec cet email existe déjà');
  });

  it('says the service is unavailable when the API cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('API_URL', 'http://127.0.0.1:9');
    const { status, payload } = unwrap(await call(registrationPost(validRequest)));
    expect(status).toBe(503);
    expect(payload.formError).toMatch(/momentanément indisponible/);
  });
});

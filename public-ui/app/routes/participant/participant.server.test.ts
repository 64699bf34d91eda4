// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_FIELDS_TOGETHER, COMPANY_SIRET_INVALID, MESSAGES_FR } from '@rdv/sectors';
import { startFakeApi } from '../../fake-api.test-helper';
import { action as signInAction, loader as signInLoader } from './sign-in';
import { loader as appointmentsLoader } from './appointments';
import { loader as profileLoader, action as profileAction } from './profile';
import { action as signOutAction } from './sign-out';
import { action as confirmEmailAction } from './confirm-email';
import { action as bookingAction, loader as bookingLoader } from './booking-api';
import { action as appointmentAction, loader as appointmentLoader } from '../appointment';
import { action as responsesAction } from '../events-responses';

let api: Awaited<ReturnType<typeof startFakeApi>> | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
  vi.unstubAllEnvs();
});

async function withApi(routes: Parameters<typeof startFakeApi>[0]) {
  api = await startFakeApi(routes);
  vi.stubEnv('API_URL', api.url);
  return api;
}

const ATTENDEE_ID = '3f0c1c7e-8a59-4a43-9d1f-0d6a3c2b9e11';
const PRO_ID = '7b1d7a0e-1b1c-4a8e-9a53-2d9c1f0e6a22';
const MOTIVE_ID = '0a4f2b8c-5d6e-4f70-8a91-b2c3d4e5f601';
// A JWT-shaped token whose subject is ATTENDEE_ID (the API verifies the signature, not the UI).
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: ATTENDEE_ID, aud: 'attendee' })).toString('base64url')}.c2ln`;
const attendee = {
  _id: ATTENDEE_ID,
  civility: 'Mme',
  email: 'alex.martin@example.fr',
  first_name: 'Alex',
  last_name: 'Martin',
  birthdate: null,
  phone: '+33612345678',
  phone_country_code: 'FR',
  phoneVerifiedAt: '2026-11-01T10:00:00.000Z',
};

/** Loader/action arguments; `never` fits every route's generated type. */
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  });
}

function jsonPost(path: string, body: unknown, cookie?: string) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

/** Actions answer plain objects, `data()` wrappers or Responses. */
async function unwrap(
  result: unknown,
): Promise<{ status: number; payload: Record<string, unknown>; headers?: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, payload: text ? JSON.parse(text) : {}, headers: result.headers };
  }
  const r = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (r && r.type === 'DataWithResponseInit') return { status: r.init?.status ?? 200, payload: r.data ?? {} };
  return { status: 200, payload: result as Record<string, unknown> };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown Response');
}

const validSignUp = {
  intent: 'signUp',
  civility: 'Mme',
  first_name: 'Alex',
  last_name: 'Martin',
  email: 'alex.martin@example.fr',
  password: 'un mot de passe long',
  password_confirmation: 'un mot de passe long',
  phone: '06 12 34 56 78',
  phone_country_code: 'FR',
  cgu_accepted: 'on',
  privacy_accepted: 'on',
};

describe('attendee sign-up (server side, forms without JavaScript)', () => {
  it('refuses a sign-up without the CGU and the data-protection policy, and with different passwords, without calling the API', async () => {
    const fake = await withApi({});
    const { status, payload } = await unwrap(
      await signInAction(
        args(
          formPost('/participant/connexion', {
            ...validSignUp,
            password_confirmation: 'autre chose',
            cgu_accepted: '',
            privacy_accepted: '',
          }),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(payload.errors).toMatchObject({
      password_confirmation: 'Les mots de passe sont différents',
      cgu_accepted: 'Veuillez accepter les conditions générales d’utilisation',
      privacy_accepted: 'Veuillez accepter la politique de protection des données',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('says "Veuillez renseigner un email valide" for a bad email', async () => {
    await withApi({});
    const { payload } = await unwrap(
      await signInAction(args(formPost('/participant/connexion', { ...validSignUp, email: 'alex@' }))),
    );
    expect((payload.errors as Record<string, string>).email).toBe('Veuillez renseigner un email valide');
  });

  it('creates the account with POST /api/v1/attendees (both acceptances true), sets the cookie and goes on', async () => {
    const fake = await withApi({
      'POST /api/v1/attendees': { status: 201, body: { token: TOKEN, attendee } },
    });
    const response = await signInAction(
      args(formPost('/participant/connexion', { ...validSignUp, redirectTo: '/participant/profil' })),
    );
    expect(response).toBeInstanceOf(Response);
    const res = response as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/participant/profil');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`attendee_token=${TOKEN}`);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(JSON.parse(fake.requests[0].body)).toEqual({
      civility: 'Mme',
      first_name: 'Alex',
      last_name: 'Martin',
      email: 'alex.martin@example.fr',
      password: 'un mot de passe long',
      password_confirmation: 'un mot de passe long',
      phone: '06 12 34 56 78',
      phone_country_code: 'FR',
      cgu_accepted: true,
      privacy_accepted: true,
    });
  });

  it('shows "Email already exists" as the French message next to the email', async () => {
    await withApi({
      'POST /api/v1/attendees': {
        status: 409,
        body: { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' },
      },
    });
    const { payload } = await unwrap(
      await signInAction(args(formPost('/participant/connexion', validSignUp))),
    );
    expect((payload.errors as Record<string, string>).email).toBe(MESSAGES_FR.emailAlreadyExists);
  });
});

describe('attendee sign-in', () => {
  it('maps "Account not exist" to the French message', async () => {
    await withApi({
      'POST /api/v1/auth/attendee/login': {
        status: 404,
        body: { statusCode: 404, code: 'ACCOUNT_NOT_EXIST', message: 'Account not exist' },
      },
    });
    const { status, payload } = await unwrap(
      await signInAction(
        args(
          formPost('/participant/connexion', {
            intent: 'signIn',
            email: 'inconnu@example.fr',
            password: 'x',
          }),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(payload.formError).toBe("Aucun compte n'existe avec cet email");
  });

  it('signs in with POST /api/v1/auth/attendee/login {email, password} and never follows an outside redirect', async () => {
    const fake = await withApi({
      'POST /api/v1/auth/attendee/login': { status: 200, body: { token: TOKEN, attendee } },
    });
    const res = (await signInAction(
      args(
        formPost('/participant/connexion', {
          intent: 'signIn',
          email: ' Alex.Martin@Example.fr ',
          password: 'secret123',
          redirectTo: '//evil.example/',
        }),
      ),
    )) as Response;
    expect(res.headers.get('location')).toBe('/participant/mes-rdvs');
    expect(JSON.parse(fake.requests[0].body)).toEqual({
      email: 'alex.martin@example.fr',
      password: 'secret123',
    });
  });

  it('sends a signed-in attendee from the sign-in page to their appointments', async () => {
    const fake = await withApi({ 'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee } });
    const res = await thrown(
      signInLoader(
        args(
          new Request('http://localhost/participant/connexion', {
            headers: { cookie: `attendee_token=${TOKEN}` },
          }),
        ),
      ),
    );
    expect(res.headers.get('location')).toBe('/participant/mes-rdvs');
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('guards of the attendee space', () => {
  it('redirects /participant/mes-rdvs to the sign-in page when nobody is signed in', async () => {
    const fake = await withApi({});
    const res = await thrown(appointmentsLoader(args(new Request('http://localhost/participant/mes-rdvs'))));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/participant/connexion?redirectTo=%2Fparticipant%2Fmes-rdvs');
    expect(fake.requests).toHaveLength(0);
  });

  it('redirects /participant/profil silently and drops the cookie when check-logged answers 401', async () => {
    await withApi({
      'GET /api/v1/auth/attendee/check-logged': {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' },
      },
    });
    const log = vi.spyOn(console, 'error');
    const res = await thrown(
      profileLoader(
        args(
          new Request('http://localhost/participant/profil', {
            headers: { cookie: `attendee_token=${TOKEN}` },
          }),
        ),
      ),
    );
    expect(res.headers.get('location')).toBe('/participant/connexion?redirectTo=%2Fparticipant%2Fprofil');
    expect(res.headers.get('set-cookie')).toMatch(/attendee_token=;.*Max-Age=0/);
    expect(log).not.toHaveBeenCalled();
  });

  it('groups the appointments of the signed-in attendee: awaiting validation, upcoming, past and cancelled', async () => {
    const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const rdv = (ref: string, start: string, status: string) => ({
      _id: ref,
      refAppointment: ref,
      status,
      mode: 'in_person',
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      timezone: 'Europe/Paris',
      professional: {
        _id: PRO_ID,
        civility: 'Mme',
        first_name: 'Claire',
        last_name: 'Durand',
        userUri: 'claire-durand',
        office: null,
        telephone: null,
      },
      motive: null,
    });
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`GET /api/v1/attendees/${ATTENDEE_ID}/events?limit=100`]: {
        status: 200,
        body: {
          data: [
            rdv('B', future(9), 'confirmed'),
            rdv('A', future(2), 'pending'),
            rdv('C', future(-5), 'confirmed'),
            rdv('D', future(4), 'cancelled'),
          ],
          total: 4,
        },
      },
    });
    const data = await appointmentsLoader(
      args(
        new Request('http://localhost/participant/mes-rdvs', {
          headers: { cookie: `attendee_token=${TOKEN}` },
        }),
      ),
    );
    expect(data.pending.map((a) => a.refAppointment)).toEqual(['A']);
    expect(data.upcoming.map((a) => a.refAppointment)).toEqual(['B']);
    expect(data.past.map((a) => a.refAppointment)).toEqual(['C']);
    expect(data.cancelled.map((a) => a.refAppointment)).toEqual(['D']);
    expect(fake.requests[1].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('updates the profile with PUT /api/v1/attendees/{id} and asks for a new code when the number changed', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`PUT /api/v1/attendees/${ATTENDEE_ID}`]: {
        status: 200,
        body: { ...attendee, phone: '+33698765432', phoneVerifiedAt: null },
      },
    });
    const { payload } = await unwrap(
      await profileAction(
        args(
          formPost(
            '/participant/profil',
            {
              intent: 'update',
              civility: 'Mme',
              first_name: 'Alex',
              last_name: 'Martin',
              email: 'alex.martin@example.fr',
              birthdate: '',
              phone: '06 98 76 54 32',
              phone_country_code: 'FR',
            },
            `attendee_token=${TOKEN}`,
          ),
        ),
      ),
    );
    expect(payload).toEqual({ intent: 'update', saved: true, phoneToVerify: true });
    expect(JSON.parse(fake.requests[1].body)).toEqual({
      civility: 'Mme',
      first_name: 'Alex',
      last_name: 'Martin',
      email: 'alex.martin@example.fr',
      phone: '06 98 76 54 32',
      phone_country_code: 'FR',
    });
  });

  it('saves a business client’s company and SIRET, and refuses a wrong SIRET in French without calling the API', async () => {
    const saved = { ...attendee, company_name: 'ACME SAS', company_siret: '73282932000074' };
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`PUT /api/v1/attendees/${ATTENDEE_ID}`]: { status: 200, body: saved },
    });
    const update = (company: Record<string, string>) =>
      profileAction(
        args(
          formPost(
            '/participant/profil',
            {
              intent: 'update',
              civility: 'Mme',
              first_name: 'Alex',
              last_name: 'Martin',
              email: 'alex.martin@example.fr',
              birthdate: '',
              phone: '06 12 34 56 78',
              phone_country_code: 'FR',
              ...company,
            },
            `attendee_token=${TOKEN}`,
          ),
        ),
      );
    const wrong = await unwrap(
      await update({ company_name: 'ACME SAS', company_siret: '732 829 320 00075' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.payload).toMatchObject({ saved: false, errors: { company_siret: COMPANY_SIRET_INVALID } });
    const alone = await unwrap(await update({ company_name: 'ACME SAS', company_siret: '' }));
    expect(alone.payload).toMatchObject({ saved: false, errors: { company_siret: COMPANY_FIELDS_TOGETHER } });
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(false);
    const ok = await unwrap(await update({ company_name: 'ACME SAS', company_siret: '732 829 320 00074' }));
    expect(ok.payload).toMatchObject({ intent: 'update', saved: true });
    const put = fake.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toMatchObject({
      company_name: 'ACME SAS',
      company_siret: '732 829 320 00074',
    });
  });

  it('never sends a new sign-in address from the profile form: it is refused on the field, and PUT is not called', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`PUT /api/v1/attendees/${ATTENDEE_ID}`]: {
        status: 200,
        body: { ...attendee, email: 'pirate@example.net' },
      },
    });
    const { status, payload } = await unwrap(
      await profileAction(
        args(
          formPost(
            '/participant/profil',
            {
              intent: 'update',
              civility: 'Mme',
              first_name: 'Alex',
              last_name: 'Martin',
              email: 'pirate@example.net',
              birthdate: '',
              phone: '06 12 34 56 78',
              phone_country_code: 'FR',
            },
            `attendee_token=${TOKEN}`,
          ),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(payload).toMatchObject({
      intent: 'update',
      saved: false,
      errors: {
        email:
          'Votre adresse de connexion ne se modifie pas ici : elle change par un lien de confirmation envoyé à la nouvelle adresse.',
      },
    });
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('signs out through GET /api/v1/auth/attendee/logout and removes the cookie', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/logout': { status: 200, body: { message: 'ok' } },
    });
    const res = (await signOutAction(
      args(
        new Request('http://localhost/participant/deconnexion', {
          method: 'POST',
          headers: { cookie: `attendee_token=${TOKEN}` },
        }),
      ),
    )) as Response;
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/attendee_token=;.*Max-Age=0/);
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('changing the sign-in address (/participant/profil, /participant/confirmer-email)', () => {
  const cookie = `attendee_token=${TOKEN}`;
  const change = (fields: Record<string, string>) =>
    profileAction(args(formPost('/participant/profil', { intent: 'changeEmail', ...fields }, cookie)));

  it('asks the API to mail a link to the new address, with the current password, and says so', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      'POST /api/v1/auth/attendee/change-email': {
        status: 202,
        body: {
          message:
            'Un lien de confirmation a été envoyé à alex.nouvelle@example.fr. Votre adresse actuelle reste valable jusqu’à ce que vous l’ouvriez.',
        },
      },
    });
    const { payload } = await unwrap(
      await change({ new_email: ' Alex.Nouvelle@example.fr ', current_password: 'mon mot de passe' }),
    );
    expect(payload).toEqual({
      intent: 'changeEmail',
      ok: true,
      message:
        'Un lien de confirmation a été envoyé à alex.nouvelle@example.fr. Votre adresse actuelle reste valable jusqu’à ce que vous l’ouvriez.',
    });
    const sent = fake.requests.find((r) => r.url === '/api/v1/auth/attendee/change-email')!;
    expect(JSON.parse(sent.body)).toEqual({
      email: 'alex.nouvelle@example.fr',
      current_password: 'mon mot de passe',
    });
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('puts a wrong password and a taken address on their fields, in French', async () => {
    await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      'POST /api/v1/auth/attendee/change-email': {
        status: 400,
        body: { statusCode: 400, code: 'CURRENT_PASSWORD_INVALID', message: 'Mot de passe actuel incorrect' },
      },
    });
    const wrong = await unwrap(await change({ new_email: 'autre@example.fr', current_password: 'faux' }));
    expect(wrong.status).toBe(400);
    expect(wrong.payload).toMatchObject({
      ok: false,
      errors: { current_password: 'Mot de passe actuel incorrect' },
      newEmail: 'autre@example.fr',
    });
    await api?.close();
    await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      'POST /api/v1/auth/attendee/change-email': {
        status: 409,
        body: { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' },
      },
    });
    const taken = await unwrap(await change({ new_email: 'prise@example.fr', current_password: 'bon' }));
    expect(taken.payload).toMatchObject({ errors: { new_email: MESSAGES_FR.emailAlreadyExists } });
  });

  it('refuses a bad address, the same address or no password without calling the API', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
    });
    for (const [fields, expected] of [
      [{ new_email: 'pas-un-email', current_password: 'x' }, { new_email: MESSAGES_FR.invalidEmail }],
      [
        { new_email: 'ALEX.MARTIN@example.fr', current_password: 'x' },
        { new_email: 'C’est déjà votre adresse de connexion' },
      ],
      [
        { new_email: 'autre@example.fr', current_password: '' },
        { current_password: 'Le mot de passe actuel est obligatoire' },
      ],
    ] as const) {
      const { status, payload } = await unwrap(await change(fields));
      expect(status).toBe(400);
      expect(payload.errors).toEqual(expected);
    }
    expect(fake.requests.some((r) => r.url.includes('change-email'))).toBe(false);
  });

  it('confirms the mailed link with POST /api/v1/auth/attendee/confirm-email and ends this browser’s session', async () => {
    const fake = await withApi({
      'POST /api/v1/auth/attendee/confirm-email': {
        status: 200,
        body: {
          message: 'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
          email: 'alex.nouvelle@example.fr',
        },
      },
    });
    const result = await confirmEmailAction(
      args(formPost('/participant/confirmer-email?token=jeton-du-lien', {}, cookie)),
    );
    const { payload } = await unwrap(result);
    expect(payload).toEqual({
      ok: true,
      message: 'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
      email: 'alex.nouvelle@example.fr',
    });
    const init = (result as { init?: { headers?: Record<string, string> } }).init;
    expect(init?.headers?.['set-cookie']).toMatch(/^attendee_token=; Path=\/; Max-Age=0/);
    expect(JSON.parse(fake.requests[0].body)).toEqual({ token: 'jeton-du-lien' });
  });

  it('shows the API’s French refusal of a used or expired link, and an incomplete link without calling it', async () => {
    const fake = await withApi({
      'POST /api/v1/auth/attendee/confirm-email': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'EMAIL_CHANGE_TOKEN_INVALID',
          message:
            'Ce lien de confirmation est invalide ou a expiré. Demandez un nouveau changement d’adresse depuis vos paramètres.',
        },
      },
    });
    const used = await unwrap(
      await confirmEmailAction(args(formPost('/participant/confirmer-email?token=deja-servi', {}))),
    );
    expect(used).toMatchObject({
      status: 400,
      payload: {
        ok: false,
        error:
          'Ce lien de confirmation est invalide ou a expiré. Demandez un nouveau changement d’adresse depuis vos paramètres.',
      },
    });
    const incomplete = await unwrap(
      await confirmEmailAction(args(formPost('/participant/confirmer-email', {}))),
    );
    expect(incomplete.payload).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Ce lien de confirmation est incomplet/),
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('booking dialog back end (/participant/reservation)', () => {
  const cookie = `attendee_token=${TOKEN}`;
  const booking = {
    intent: 'createEvent',
    user_id: PRO_ID,
    motive_id: MOTIVE_ID,
    mode: 'visio',
    start: '2026-11-24T09:30:00+01:00',
    notes: 'Divorce',
    idempotencyKey: '5b0f1a52-4c0e-4d38-9a7e-3f2d1c0b9a87',
  };

  it('books with POST /api/v1/attendees/{id}/create-event, the Idempotency-Key header and the bearer token', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`POST /api/v1/attendees/${ATTENDEE_ID}/create-event`]: {
        status: 201,
        body: { refAppointment: 'ABCDEFGHIJKLMNOP', status: 'pending' },
      },
    });
    const { status, payload } = await unwrap(
      await bookingAction(args(jsonPost('/participant/reservation', booking, cookie))),
    );
    expect(status).toBe(201);
    expect(payload).toMatchObject({ ok: true, appointment: { refAppointment: 'ABCDEFGHIJKLMNOP' } });
    // No check-logged first: the token's subject names the account, the API checks the token.
    expect(fake.requests).toHaveLength(1);
    const call = fake.requests[0];
    expect(call.headers['idempotency-key']).toBe(booking.idempotencyKey);
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(call.body)).toEqual({
      user_id: PRO_ID,
      motive_id: MOTIVE_ID,
      mode: 'visio',
      start: '2026-11-24T09:30:00+01:00',
      notes: 'Divorce',
    });
  });

  it('passes a 409 SLOT_TAKEN on with its code', async () => {
    await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`POST /api/v1/attendees/${ATTENDEE_ID}/create-event`]: {
        status: 409,
        body: {
          statusCode: 409,
          code: 'SLOT_TAKEN',
          message: 'Ce créneau vient d’être réservé, veuillez en choisir un autre',
        },
      },
    });
    const { status, payload } = await unwrap(
      await bookingAction(args(jsonPost('/participant/reservation', booking, cookie))),
    );
    expect(status).toBe(409);
    expect(payload).toMatchObject({ ok: false, code: 'SLOT_TAKEN' });
  });

  it('answers 401 when the API refuses the token, so the dialog asks to sign in again', async () => {
    await withApi({
      [`POST /api/v1/attendees/${ATTENDEE_ID}/create-event`]: {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' },
      },
    });
    const { status, payload } = await unwrap(
      await bookingAction(args(jsonPost('/participant/reservation', booking, cookie))),
    );
    expect(status).toBe(401);
    expect(payload).toMatchObject({ ok: false, code: 'NOT_SIGNED_IN' });
  });

  it('refuses a booking without a session, and a POST that is not JSON', async () => {
    const fake = await withApi({});
    expect(
      (await unwrap(await bookingAction(args(jsonPost('/participant/reservation', booking))))).status,
    ).toBe(401);
    const form = formPost('/participant/reservation', { intent: 'createEvent' }, cookie);
    expect((await unwrap(await bookingAction(args(form)))).status).toBe(415);
    expect(fake.requests).toHaveLength(0);
  });

  it('signs in inline and sets the HttpOnly cookie on the JSON answer, without giving the token to the page', async () => {
    await withApi({ 'POST /api/v1/auth/attendee/login': { status: 200, body: { token: TOKEN, attendee } } });
    const { status, payload, headers } = await unwrap(
      await bookingAction(
        args(
          jsonPost('/participant/reservation', {
            intent: 'signIn',
            email: 'alex.martin@example.fr',
            password: 'secret123',
          }),
        ),
      ),
    );
    expect(status).toBe(200);
    expect(payload).toEqual({ ok: true, attendee });
    expect(JSON.stringify(payload)).not.toContain(TOKEN);
    expect(headers?.get('set-cookie')).toMatch(/^attendee_token=.*HttpOnly/);
  });

  it('reads the slots with GET /api/v1/users/{id}/slots?motiveId=&from=&to=', async () => {
    const fake = await withApi({
      'GET *': {
        status: 200,
        body: {
          userId: PRO_ID,
          motiveId: MOTIVE_ID,
          timezone: 'Europe/Paris',
          slots: [{ start: 'a', end: 'b' }],
        },
      },
    });
    const url = `http://localhost/participant/reservation?intent=slots&userId=${PRO_ID}&motiveId=${MOTIVE_ID}&mode=visio&from=2026-11-24&to=2026-12-21`;
    const { payload } = await unwrap(await bookingLoader(args(new Request(url))));
    expect(payload).toEqual({ ok: true, slots: [{ start: 'a', end: 'b' }], timezone: 'Europe/Paris' });
    expect(fake.requests[0].url).toBe(
      `/api/v1/users/${PRO_ID}/slots?motiveId=${MOTIVE_ID}&mode=visio&from=2026-11-24&to=2026-12-21`,
    );
  });

  it('sends and checks the SMS code for the signed-in attendee', async () => {
    const fake = await withApi({
      'GET /api/v1/auth/attendee/check-logged': { status: 200, body: attendee },
      [`POST /api/v1/attendees/${ATTENDEE_ID}/send-token-to-verify-number`]: {
        status: 200,
        body: {
          message: 'Un code de vérification vous a été envoyé par SMS.',
          phone: '+33612345678',
          expiresAt: 'x',
        },
      },
      [`POST /api/v1/attendees/${ATTENDEE_ID}/verify-token-to-validate-number`]: {
        status: 200,
        body: { message: 'Votre numéro de téléphone est vérifié.', attendee },
      },
    });
    await bookingAction(
      args(
        jsonPost(
          '/participant/reservation',
          { intent: 'sendCode', phone: '06 12 34 56 78', phone_country_code: 'FR' },
          cookie,
        ),
      ),
    );
    await bookingAction(
      args(jsonPost('/participant/reservation', { intent: 'verifyCode', token: '123 456' }, cookie)),
    );
    expect(JSON.parse(fake.requests[0].body)).toEqual({ phone: '06 12 34 56 78', phone_country_code: 'FR' });
    expect(JSON.parse(fake.requests[1].body)).toEqual({ token: '123456' });
  });
});

describe('appointment page', () => {
  const ref = 'ABCDEFGHIJKLMNOP';

  it('cancels with POST /api/v1/appointments/{ref}/cancel and says the lawyer has been informed', async () => {
    const fake = await withApi({
      [`POST /api/v1/appointments/${ref}/cancel`]: { status: 200, body: { message: 'ok', event: {} } },
    });
    const { payload } = await unwrap(
      await appointmentAction(
        args(formPost(`/appointments/${ref}`, { reason: 'Empêchement' }), { refAppointment: ref }),
      ),
    );
    expect(payload).toEqual({
      cancelled: true,
      message: "Le rendez-vous a bien été annulé et l'avocat a été informé",
    });
    expect(JSON.parse(fake.requests[0].body)).toEqual({ reason: 'Empêchement' });
  });

  it('answers 404 for an unknown reference', async () => {
    await withApi({});
    const error = (await appointmentLoader(
      args(new Request(`http://localhost/appointments/NOPE`), { refAppointment: 'NOPE' }),
    ).catch((e: unknown) => e)) as { init?: { status?: number } };
    expect(error.init?.status).toBe(404);
  });
});

describe('availabilities answer page', () => {
  const id = '9c8b7a69-5d4e-4f3a-8b2c-1d0e9f8a7b6c';
  const view = {
    id_event: id,
    status: 'pending',
    mode: 'in_person',
    start: '2030-01-10T09:00:00+01:00',
    end: '2030-01-10T10:00:00+01:00',
    timezone: 'Europe/Paris',
    professional: {
      _id: PRO_ID,
      civility: 'Mme',
      first_name: 'Claire',
      last_name: 'Durand',
      userUri: 'claire-durand',
      office: null,
      telephone: null,
    },
    motive: null,
    requestMessage: 'Quand êtes-vous disponible ?',
    requestedAt: '2029-12-01T10:00:00Z',
    open: true,
    responses: [],
  };

  it('sends several ranges in the appointment zone with the message, then says they were taken into account', async () => {
    const fake = await withApi({
      [`GET /api/v1/events-responses/${id}`]: { status: 200, body: view },
      [`POST /api/v1/events-responses/${id}`]: { status: 200, body: { message: 'ok' } },
    });
    const body = new URLSearchParams();
    for (const [day, from, to] of [
      ['2030-01-14', '09:00', '12:00'],
      ['2030-07-15', '14:00', '18:30'],
      ['', '', ''],
    ]) {
      body.append('day', day);
      body.append('from', from);
      body.append('to', to);
    }
    body.append('message', 'Plutôt le matin');
    const request = new Request(`http://localhost/events-responses/${id}`, { method: 'POST', body });
    const { payload } = await unwrap(await responsesAction(args(request, { id_event: id })));
    expect(payload).toEqual({
      sent: true,
      message:
        "Vos disponibilités ont bien été prises en compte. Vous recevrez un email de confirmation dès que l'avocat aura validé le rendez-vous",
    });
    expect(JSON.parse(fake.requests[1].body)).toEqual({
      availabilities: [
        { start: '2030-01-14T09:00:00+01:00', end: '2030-01-14T12:00:00+01:00' },
        { start: '2030-07-15T14:00:00+02:00', end: '2030-07-15T18:30:00+02:00' },
      ],
      message: 'Plutôt le matin',
    });
  });

  it('asks for at least one range', async () => {
    const fake = await withApi({ [`GET /api/v1/events-responses/${id}`]: { status: 200, body: view } });
    const body = new URLSearchParams({ day: '', from: '', to: '' });
    const request = new Request(`http://localhost/events-responses/${id}`, { method: 'POST', body });
    const { status, payload } = await unwrap(await responsesAction(args(request, { id_event: id })));
    expect(status).toBe(400);
    expect(payload.error).toBe('Indiquez au moins une disponibilité');
    expect(fake.requests).toHaveLength(1);
  });
});

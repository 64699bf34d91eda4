import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCallUrl, readFetchCall } from '@rdv/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';

afterEach(() => vi.unstubAllGlobals());

const FORGOT_MESSAGE =
  'Un email contenant les instructions pour réinitialiser votre mot de passe va vous être envoyé.';
const RESET_MESSAGE =
  'Votre mot de passe a été modifié. Veuillez vous reconnecter avec votre nouveau mot de passe.';

type Answer = { status: number; body: unknown };

/** A fetch answering each API path with the given status and body (404 elsewhere), recording calls. */
function api(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers[fetchCallUrl(input)] ?? {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND' },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls other than the session check every console page makes on load (the session cookie is HttpOnly). */
function callsBesidesSessionCheck(fetchMock: ReturnType<typeof api>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => fetchCallUrl(input))
    .filter((url) => url !== '/api/v1/auth/admin/check-logged');
}

async function bodyOf(fetchMock: ReturnType<typeof api>, url: string): Promise<unknown> {
  const call = fetchMock.mock.calls.find(([input]) => fetchCallUrl(input) === url);
  return call ? (await readFetchCall(...call)).body : undefined;
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  render(<App />);
  return userEvent.setup();
}

describe('admin forgotten password (/admin/forgot-password)', () => {
  it('is linked from the login page as "Mot de passe oublié ?"; both tabs carry the product’s name', async () => {
    api({});
    const user = open('/admin/login');
    await waitFor(() => expect(document.title).toMatch(/^Connexion · Administration \| .+/));
    await user.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/forgot-password');
    expect(document.title).toMatch(/^Mot de passe oublié · Administration \| .+/);
  });

  it("refuses an invalid email with 'Veuillez renseigner un email valide' before calling the API", async () => {
    const fetchMock = api({});
    const user = open('/admin/forgot-password');
    await user.type(await screen.findByLabelText(/Email/), 'admin@');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }));
    expect(await screen.findByText('Veuillez renseigner un email valide')).toBeTruthy();
    expect(callsBesidesSessionCheck(fetchMock)).toEqual([]);
  });

  it("sends the email to the API and shows the server's success message with a way back to the login page", async () => {
    const fetchMock = api({
      '/api/v1/auth/admin/forgot-password': { status: 200, body: { message: FORGOT_MESSAGE } },
    });
    const user = open('/admin/forgot-password');
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }));

    expect(await screen.findByText(FORGOT_MESSAGE)).toBeTruthy();
    expect(await bodyOf(fetchMock, '/api/v1/auth/admin/forgot-password')).toEqual({
      email: 'admin@example.fr',
    });
    await user.click(screen.getByRole('link', { name: 'Retour à la connexion' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
  });

  it("shows the server's refusals in French: 'email must be an email', and throttling", async () => {
    api({
      '/api/v1/auth/admin/forgot-password': {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'email must be an email' },
      },
    });
    const user = open('/admin/forgot-password');
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Veuillez renseigner un email valide',
    );
    expect(screen.queryByText('email must be an email')).toBeNull();

    api({
      '/api/v1/auth/admin/forgot-password': {
        status: 429,
        body: {
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: 'ThrottlerException: Too Many Requests',
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }));
    expect(
      await screen.findByText('Trop de tentatives, veuillez réessayer dans quelques minutes'),
    ).toBeTruthy();
  });
});

describe('admin new password (/admin/reset-password?token=...)', () => {
  it('explains that a link without a token is incomplete and offers to ask for a new one', async () => {
    api({});
    const user = open('/admin/reset-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' }),
    ).toBeTruthy();
    expect(screen.getByText(/Ce lien de réinitialisation est incomplet/)).toBeTruthy();
    expect(screen.queryByLabelText(/Nouveau mot de passe/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Faire une nouvelle demande' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
  });

  it("refuses a confirmation that differs with 'Les mots de passe sont différents' before calling the API", async () => {
    const fetchMock = api({});
    const user = open('/admin/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText(/Nouveau mot de passe/), 'une phrase de passe');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'une autre phrase');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Les mots de passe sont différents')).toBeTruthy();
    expect(callsBesidesSessionCheck(fetchMock)).toEqual([]);
  });

  it('asks for at least 8 characters', async () => {
    const fetchMock = api({});
    const user = open('/admin/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText(/Nouveau mot de passe/), 'court');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'court');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères')).toBeTruthy();
    expect(callsBesidesSessionCheck(fetchMock)).toEqual([]);
  });

  it("shows the server's errors in French: 'Password are not the same' and an expired link", async () => {
    api({
      '/api/v1/auth/admin/reset-password': {
        status: 400,
        body: { statusCode: 400, code: 'PASSWORD_MISMATCH', message: 'Password are not the same' },
      },
    });
    const user = open('/admin/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText(/Nouveau mot de passe/), 'une phrase de passe');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'une phrase de passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Les mots de passe sont différents',
    );
    expect(screen.queryByText('Password are not the same')).toBeNull();

    const expired = 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.';
    api({
      '/api/v1/auth/admin/reset-password': {
        status: 400,
        body: { statusCode: 400, code: 'RESET_TOKEN_INVALID', message: expired },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText(expired)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Faire une nouvelle demande/ })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/reset-password');
  });

  it("sends the token and both passwords, then opens the login page with the server's success message", async () => {
    const fetchMock = api({
      '/api/v1/auth/admin/reset-password': { status: 200, body: { message: RESET_MESSAGE } },
    });
    const user = open('/admin/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText(/Nouveau mot de passe/), 'une phrase de passe');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'une phrase de passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(await screen.findByText(RESET_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connexion' })).toBeTruthy();
    expect(await bodyOf(fetchMock, '/api/v1/auth/admin/reset-password')).toEqual({
      token: 'tok-123',
      password: 'une phrase de passe',
      password_confirmation: 'une phrase de passe',
    });
  });

  it('stays open for a browser holding an old admin session the API refuses', async () => {
    api({
      '/api/v1/auth/admin/check-logged': {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentification requise' },
      },
    });
    open('/admin/reset-password?token=tok-123');
    expect(await screen.findByLabelText(/Nouveau mot de passe/)).toBeTruthy();
    // give react-admin's session check time to answer: the page must not be replaced by the login page
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(window.location.pathname).toBe('/admin/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' })).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('password reset /user/reinitialiser-mot-de-passe', () => {
  it("shows 'Les mots de passe sont différents' when the confirmation differs, without calling the API", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/reinitialiser-mot-de-passe?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau mot de passe');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'autre mot de passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

    expect(await screen.findByText('Les mots de passe sont différents')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends {token, password, password_confirmation} and then says the password changed, with a link to log in', async () => {
    const { fetchMock, calls } = fakeApi([
      { method: 'POST', path: '/api/v1/auth/user/reset-password', body: { message: 'Password changed' } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/reinitialiser-mot-de-passe?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau mot de passe');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'nouveau mot de passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

    expect(
      await screen.findByText(
        'Votre mot de passe a été modifié, connectez-vous avec votre nouveau mot de passe',
      ),
    ).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      token: 'abc',
      password: 'nouveau mot de passe',
      password_confirmation: 'nouveau mot de passe',
    });
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/user/connexion');
  });

  it("maps the server's 'Password are not the same' to the French message", async () => {
    const { fetchMock } = fakeApi([
      {
        method: 'POST',
        path: '/api/v1/auth/user/reset-password',
        status: 400,
        body: { statusCode: 400, code: 'PASSWORD_NOT_SAME', message: 'Password are not the same' },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/reinitialiser-mot-de-passe?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau mot de passe');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'nouveau mot de passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Les mots de passe sont différents');
  });
});

describe('forgotten password /user/mot-de-passe-oublie', () => {
  it('posts the email and announces the reset instruction mail', async () => {
    const { fetchMock, calls } = fakeApi([
      { method: 'POST', path: '/api/v1/auth/user/forgot-password', body: { message: 'ok' } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/mot-de-passe-oublie');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'claire.martin@example.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }));
    expect(
      await screen.findByText(
        'Un email contenant les instructions de réinitialisation du mot de passe va vous être envoyé',
      ),
    ).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'claire.martin@example.fr' });
  });

  it("refuses an invalid email with 'Veuillez renseigner un email valide'", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/mot-de-passe-oublie');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien de réinitialisation' }));
    expect(await screen.findByText('Veuillez renseigner un email valide')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

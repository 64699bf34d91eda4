import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AttendeeSignIn from './sign-in';
import { rootData } from '../../test-support';

function renderPage(action: () => unknown) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [{ path: 'participant/connexion', Component: AttendeeSignIn as never, action }],
    },
  ]);
  return render(<Stub initialEntries={['/participant/connexion']} />);
}

const signUp = () => screen.getByRole('button', { name: 'Créer mon compte' });

describe('attendee sign-in page', () => {
  it('checks the sign-up in the browser: both checkboxes and matching passwords, with the exact French texts', async () => {
    const action = vi.fn(() => null);
    renderPage(action);
    await screen.findByRole('heading', { name: 'Créer mon compte' });
    fireEvent.change(screen.getByLabelText('Email', { selector: '#signup-email' }), {
      target: { value: 'alex@' },
    });
    fireEvent.change(screen.getByLabelText('Mot de passe', { selector: '#signup-password' }), {
      target: { value: 'un mot de passe long' },
    });
    fireEvent.change(screen.getByLabelText('Confirmation du mot de passe'), {
      target: { value: 'un autre' },
    });
    fireEvent.click(signUp());
    expect(await screen.findByText('Veuillez renseigner un email valide')).toBeTruthy();
    expect(screen.getByText('Les mots de passe sont différents')).toBeTruthy();
    expect(screen.getByText('Veuillez accepter les conditions générales d’utilisation')).toBeTruthy();
    expect(screen.getByText('Veuillez accepter la politique de protection des données')).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
  });

  it('links the two acceptances to /cgu and /politique-de-confidentialite', async () => {
    renderPage(() => null);
    expect(
      (await screen.findByRole('link', { name: 'conditions générales d’utilisation' })).getAttribute('href'),
    ).toBe('/cgu');
    expect(
      screen.getByRole('link', { name: 'politique de protection des données' }).getAttribute('href'),
    ).toBe('/politique-de-confidentialite');
  });

  it('shows the server message of a failed sign-in', async () => {
    renderPage(() => ({
      intent: 'signIn',
      errors: {},
      formError: "Aucun compte n'existe avec cet email",
      values: {},
    }));
    fireEvent.change(await screen.findByLabelText('Email', { selector: '#signin-email' }), {
      target: { value: 'personne@example.fr' },
    });
    fireEvent.change(screen.getByLabelText('Mot de passe', { selector: '#signin-password' }), {
      target: { value: 'secret123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Aucun compte n'existe avec cet email");
  });
});

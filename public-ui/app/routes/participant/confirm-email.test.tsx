import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import ConfirmEmailPage, { INCOMPLETE_EMAIL_LINK_MESSAGE } from './confirm-email';
import type { Route } from './+types/confirm-email';

function renderPage(url: string, action: () => unknown = () => null) {
  const Stub = createRoutesStub([
    {
      path: '/participant/confirmer-email',
      Component: (props) => <ConfirmEmailPage {...(props as unknown as Route.ComponentProps)} />,
      action,
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe('the link mailed to a client’s new address /participant/confirmer-email', () => {
  it('changes the address on a click, then offers to sign in with it', async () => {
    let calls = 0;
    renderPage('/participant/confirmer-email?token=jeton', () => {
      calls += 1;
      return {
        ok: true,
        message: 'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
        email: 'alex.nouvelle@example.fr',
      };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer ma nouvelle adresse' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
    );
    expect(
      screen.getByRole('link', { name: 'Se connecter avec alex.nouvelle@example.fr' }).getAttribute('href'),
    ).toBe('/participant/connexion');
    expect(calls).toBe(1);
  });

  it('shows a used or expired link’s French error and keeps the button', async () => {
    renderPage('/participant/confirmer-email?token=vieux', () => ({
      ok: false,
      error:
        'Ce lien de confirmation est invalide ou a expiré. Demandez un nouveau changement d’adresse depuis vos paramètres.',
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer ma nouvelle adresse' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Ce lien de confirmation est invalide ou a expiré/,
    );
    expect(screen.getByRole('button', { name: 'Confirmer ma nouvelle adresse' })).toBeTruthy();
  });

  it('says a link without its token is incomplete', async () => {
    renderPage('/participant/confirmer-email');
    expect((await screen.findByRole('alert')).textContent).toBe(INCOMPLETE_EMAIL_LINK_MESSAGE);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

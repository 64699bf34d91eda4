import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EmailChangeSection } from './EmailChangeSection';

function renderSection(action: (form: FormData) => unknown) {
  const Stub = createRoutesStub([
    {
      path: '/participant/profil',
      Component: ({ actionData }: { actionData?: unknown }) => (
        <EmailChangeSection
          currentEmail="alex.martin@example.fr"
          result={actionData as Parameters<typeof EmailChangeSection>[0]['result']}
        />
      ),
      action: async ({ request }) => action(await request.formData()),
    },
  ]);
  return render(<Stub initialEntries={['/participant/profil']} />);
}

describe('"Changer d’adresse email" in the client’s profile', () => {
  it('sends the new address with the current password, then says where the link went', async () => {
    let sent: FormData | undefined;
    renderSection((form) => {
      sent = form;
      return {
        intent: 'changeEmail',
        ok: true,
        message: 'Un lien de confirmation a été envoyé à alex.nouvelle@example.fr.',
      };
    });
    expect(await screen.findByRole('heading', { name: 'Changer d’adresse email' })).toBeTruthy();
    expect(screen.getByText('alex.martin@example.fr')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nouvelle adresse email'), {
      target: { value: 'alex.nouvelle@example.fr' },
    });
    fireEvent.change(screen.getByLabelText('Mot de passe actuel'), { target: { value: 'mon mot de passe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le lien de confirmation' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Un lien de confirmation a été envoyé à alex.nouvelle@example.fr.',
    );
    expect(sent?.get('intent')).toBe('changeEmail');
    expect(sent?.get('new_email')).toBe('alex.nouvelle@example.fr');
    expect(sent?.get('current_password')).toBe('mon mot de passe');
  });

  it('says in French what is missing before sending anything', async () => {
    let calls = 0;
    renderSection(() => {
      calls += 1;
      return null;
    });
    fireEvent.change(await screen.findByLabelText('Nouvelle adresse email'), {
      target: { value: 'ALEX.MARTIN@example.fr' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le lien de confirmation' }));
    expect(await screen.findByText('C’est déjà votre adresse de connexion')).toBeTruthy();
    expect(screen.getByText('Le mot de passe actuel est obligatoire')).toBeTruthy();
    expect(screen.getByLabelText('Nouvelle adresse email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toBe(0);
  });

  it('shows the server’s refusal on its field and keeps the address typed', async () => {
    renderSection(() => ({
      intent: 'changeEmail',
      ok: false,
      errors: { current_password: 'Mot de passe actuel incorrect' },
      newEmail: 'autre@example.fr',
    }));
    fireEvent.change(await screen.findByLabelText('Nouvelle adresse email'), {
      target: { value: 'autre@example.fr' },
    });
    fireEvent.change(screen.getByLabelText('Mot de passe actuel'), { target: { value: 'faux' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le lien de confirmation' }));
    expect(await screen.findByText('Mot de passe actuel incorrect')).toBeTruthy();
    expect((screen.getByLabelText('Nouvelle adresse email') as HTMLInputElement).value).toBe(
      'autre@example.fr',
    );
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import ReviewPage from './review';
import { rootData } from '../test-support';

const INVITATION = {
  professional_name: 'Me Camille Durand',
  starts_at: '2026-11-20T09:00:00.000Z',
  timezone: 'Europe/Paris',
  suggested_author_name: 'Julien M.',
  already_reviewed: false,
};

function renderPage(invitation: typeof INVITATION | null, action: (form: FormData) => unknown = () => null) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [
        {
          path: 'avis',
          Component: ReviewPage,
          loader: () => ({ token: 'signed', invitation, unavailable: false }),
          action: async ({ request }) => action(await request.formData()),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/avis?token=signed']} />);
}

describe('review page /avis', () => {
  it('names the meeting, suggests how the review is signed, and thanks the client once sent', async () => {
    let sent: FormData | undefined;
    renderPage(INVITATION, (form) => {
      sent = form;
      return { ok: true, message: 'Merci ! Votre avis sera publié après relecture.' };
    });
    expect(await screen.findByRole('heading', { name: /Me Camille Durand/ })).toBeTruthy();
    expect(screen.getByText(/vendredi 20 novembre 2026 à 10:00|20 novembre 2026/)).toBeTruthy();
    expect((screen.getByLabelText('Nom affiché *') as HTMLInputElement).value).toBe('Julien M.');
    fireEvent.click(screen.getByLabelText(/Excellent/));
    fireEvent.change(screen.getByLabelText('Votre avis (facultatif)'), {
      target: { value: 'Clair et rassurant.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publier mon avis' }));
    expect(await screen.findByText('Merci ! Votre avis sera publié après relecture.')).toBeTruthy();
    expect(sent?.get('rating')).toBe('5');
    expect(sent?.get('comment')).toBe('Clair et rassurant.');
    expect(sent?.get('token')).toBe('signed');
  });

  it('says when the meeting was already reviewed, and when the link is not valid', async () => {
    const { unmount } = renderPage({ ...INVITATION, already_reviewed: true });
    expect(await screen.findByText(/Vous avez déjà donné votre avis/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publier mon avis' })).toBeNull();
    unmount();
    renderPage(null);
    expect(await screen.findByText('Ce lien d’avis est invalide ou a expiré.')).toBeTruthy();
  });
});

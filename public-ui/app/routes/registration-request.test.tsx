import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import RegistrationRequestPage, { loader } from './registration-request';
import { rootData } from '../test-support';

function renderPage(action: () => unknown, url = '/demande-inscription') {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [
        {
          path: 'demande-inscription',
          Component: RegistrationRequestPage,
          action,
          loader: ({ request }) => loader({ request } as Parameters<typeof loader>[0]),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe('registration request page', () => {
  it('shows the offer: price, trial and the four benefits', async () => {
    renderPage(() => null);
    expect(await screen.findByText('139 €')).toBeTruthy();
    expect(screen.getByText(/Essai de 6 mois à/).textContent).toBe(
      'Essai de 6 mois à 69 € HT par mois, sans engagement.',
    );
    const benefits = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(benefits).toEqual([
      'Moins de secrétariat téléphonique',
      'Jusqu’à 10 nouveaux dossiers par mois',
      '30 % de temps en moins à organiser vos rendez-vous',
      'Un profil personnalisé visible',
    ]);
  });

  it('labels every field of the form', async () => {
    renderPage(() => null);
    for (const label of [
      'Madame',
      'Monsieur',
      'Prénom *',
      'Nom *',
      'Email *',
      'Téléphone *',
      'Nom du cabinet',
      'SIRET du cabinet',
      'Ville *',
      'Message',
      'Code de parrainage',
    ]) {
      expect(await screen.findByLabelText(label), label).toBeTruthy();
    }
  });

  it('fills the sponsorship code of a colleague’s referral link, and leaves it empty otherwise', async () => {
    renderPage(() => null, '/demande-inscription?parrain=cmar-7k2p');
    expect(((await screen.findByLabelText('Code de parrainage')) as HTMLInputElement).value).toBe(
      'CMAR-7K2P',
    );
  });

  it('thanks the professional in French once the request is sent', async () => {
    renderPage(() => ({ ok: true }));
    fireEvent.click(await screen.findByLabelText('Madame'));
    for (const [label, value] of [
      ['Prénom *', 'Claire'],
      ['Nom *', 'Martin'],
      ['Email *', 'claire.martin@example.fr'],
      ['Téléphone *', '06 12 34 56 78'],
      ['Ville *', 'Lyon'],
    ]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Merci ! Votre demande d’inscription a bien été envoyée/,
    );
  });

  it('shows the field errors in French next to the fields', async () => {
    renderPage(() => ({
      ok: false,
      errors: { email: 'Veuillez renseigner un email valide' },
      values: { email: 'x' },
    }));
    // As when the browser does not check the fields itself: the server answers with the errors.
    fireEvent.submit((await screen.findByRole('button', { name: 'Envoyer ma demande' })).closest('form')!);
    expect(await screen.findByText('Veuillez renseigner un email valide')).toBeTruthy();
    const email = screen.getByLabelText('Email *');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('ri-email-error');
  });
});

import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import LegalNotice from './legal-notice';
import PrivacyPolicy from './privacy-policy';
import TermsOfUse from './terms-of-use';
import TermsOfSale from './terms-of-sale';
import { rootData } from '../../test-support';
import type { SiteConfig } from '../../lib/site-config';

const COMPANY = {
  name: 'Société Fictive SAS',
  legal_form: 'SAS',
  share_capital: '1 000',
  rcs_city: 'Exempleville',
  registration_number: 'RCS Exempleville 000 000 000',
  vat_number: 'FR00000000000',
  address: '1 rue de l’Exemple, 00000 Exempleville',
  city: 'Exempleville',
  publication_director: 'Camille Exemple',
  publication_director_role: 'présidente',
  host_name: 'Hébergeur Fictif',
  host_address: '2 avenue du Serveur',
  host_phone: '+33 1 99 00 00 01',
  mediator: 'Médiateur Fictif',
  dpo_email: 'dpo@example.org',
};

const FILLED = {
  contact: { phone: '+33 1 99 00 00 00', email: 'contact@example.org', social: {} },
  company: COMPANY,
} as unknown as SiteConfig;

function renderPage(path: string, Component: unknown, siteConfig: SiteConfig | null) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [{ path: path.slice(1), Component: Component as never, loader: () => ({ siteConfig }) }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const PAGES: Array<[string, unknown, string]> = [
  ['/mentions-legales', LegalNotice, 'Mentions légales'],
  ['/politique-de-confidentialite', PrivacyPolicy, 'Politique de confidentialité'],
  ['/cgu', TermsOfUse, 'Conditions générales d’utilisation'],
  ['/cgv', TermsOfSale, 'Conditions générales de vente'],
];

describe('legal pages render the company identity of the site configuration', () => {
  it.each(PAGES)('%s: no placeholder once the configuration is filled', async (path, Component) => {
    const { container } = renderPage(path, Component, FILLED);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('.to-fill')).toBeNull();
    expect(container.textContent).not.toMatch(/\[[^\]]+\]/);
    expect(container.textContent).toContain('Société Fictive SAS');
  });

  it('the legal notice shows each identifier; placeholders stay visible while not filled', async () => {
    const { container, unmount } = renderPage('/mentions-legales', LegalNotice, FILLED);
    await screen.findByRole('heading', { level: 1, name: 'Mentions légales' });
    for (const text of [
      'RCS Exempleville 000 000 000',
      'Hébergeur Fictif',
      'Camille Exemple',
      'contact@example.org',
    ])
      expect(container.textContent).toContain(text);
    unmount();
    const empty = renderPage('/mentions-legales', LegalNotice, null);
    await screen.findByRole('heading', { level: 1, name: 'Mentions légales' });
    expect(empty.container.textContent).toContain('[Raison sociale]');
    expect(empty.container.textContent).toContain('[Nom de l’hébergeur]');
  });
});

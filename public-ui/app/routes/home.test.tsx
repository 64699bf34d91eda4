import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import Home, { meta } from './home';
import { rootData } from '../test-support';

const specialities = [
  { _id: '2', slug: 'droit-du-travail', name: 'Droit du travail' },
  { _id: '3', slug: 'droit-penal', name: 'Droit pénal' },
];

function renderHome(sector?: string, list = specialities) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(sector),
      HydrateFallback: () => null,
      children: [{ index: true, Component: Home, loader: () => ({ specialities: list }) }],
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('home page', () => {
  it('shows the sector title as the only h1', async () => {
    renderHome();
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveProperty('textContent', 'Trouvez le bon avocat partout en France');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('offers the specialities from the loader in the search form', async () => {
    renderHome();
    const select = await screen.findByLabelText('Domaines de compétences');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Tous les domaines', 'Droit du travail', 'Droit pénal']);
    expect(screen.getByLabelText('Ville ou code postal')).toHaveProperty('required', true);
  });

  it('still offers the search when the specialities could not be loaded', async () => {
    renderHome(undefined, []);
    const select = await screen.findByLabelText('Domaines de compétences');
    expect(within(select).getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeTruthy();
  });

  it('has the three sections of the spec and links to the directory by city', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Un avocat près de chez vous' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Annuaire des avocats par ville' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rechercher par localisation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir l’annuaire par ville' }).getAttribute('href')).toBe(
      '/avocats',
    );
    expect(screen.getByRole('search').getAttribute('action')).toBe('/avocats');
  });

  it('speaks the notaries’ words for SECTOR=notary', async () => {
    renderHome('notary');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Trouvez le bon notaire partout en France',
    );
    expect(screen.getByRole('link', { name: 'Voir l’annuaire par ville' }).getAttribute('href')).toBe(
      '/notaires',
    );
  });
});

describe('home page meta', () => {
  it('titles the page with the sector title and the product name, canonical on the site root', () => {
    const matches = [{ id: 'root', loaderData: rootData() }];
    const tags = meta({ matches } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: 'Trouvez le bon avocat partout en France | RDV Avocat' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://rdv.example/' });
    expect(tags).toContainEqual(
      expect.objectContaining({ 'script:ld+json': expect.objectContaining({ '@type': 'WebSite' }) }),
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import DepartmentPage, { meta } from './department';
import { rootData } from '../test-support';
import { cards } from '../test-directory-fixtures';
import { listingCard } from '../lib/directory';

const RESULT = {
  department: { code: '29', name: 'Finistère' },
  cities: [
    { cityUri: 'brest', name: 'Brest', count: 12 },
    { cityUri: 'quimper', name: 'Quimper', count: 7 },
  ],
  items: cards(20),
  total: 19,
  page: 1,
  perPage: 20,
  totalPages: 1,
  onlineCount: 15,
  speciality: null,
};

describe('department page', () => {
  it('names the department, links its communes and lists its professionals', async () => {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => rootData(),
        HydrateFallback: () => null,
        children: [
          {
            path: 'avocats/departement/:code',
            Component: DepartmentPage as never,
            loader: () => ({
              result: { ...RESULT, items: { count: 20, entries: RESULT.items.map(listingCard) } },
              basePath: '/avocats/departement/29',
              page: 1,
            }),
          },
        ],
      },
    ]);
    render(<Stub initialEntries={['/avocats/departement/29']} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Avocats dans le département Finistère (29)' }),
    ).toBeTruthy();
    const communes = screen.getByRole('navigation', { name: 'Communes du département Finistère' });
    expect(within(communes).getByRole('link', { name: /Brest/ }).getAttribute('href')).toBe('/avocats/brest');
    expect(screen.getAllByRole('article')).toHaveLength(20);
  });

  it('is indexed with its own canonical URL', () => {
    const tags = meta({
      matches: [{ id: 'root', loaderData: rootData() }],
      loaderData: { result: RESULT, basePath: '/avocats/departement/29', page: 1 },
    } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/avocats/departement/29',
    });
    expect(tags).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

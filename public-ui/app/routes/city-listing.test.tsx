import { configure, render, screen, within } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import App, { ErrorBoundary as RootErrorBoundary } from '../root';
import CityListing, { ErrorBoundary, meta } from './city-listing';
import { rootData } from '../test-support';
import { card, cards, searchResult, slotsApi } from '../test-directory-fixtures';
import { listedSearch, type SearchResult } from '../lib/directory';
import type { ListingFilters } from '../lib/listing-filters';

// The dev machines are shared and often loaded: give renders time instead of failing at 1 s / 5 s.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

function renderListing(
  result: SearchResult,
  page = 1,
  path = '/avocats/lyon',
  radiusChosen = false,
  filters: ListingFilters = {},
) {
  const basePath = result.speciality ? `/avocats/lyon/${result.speciality.slug}` : '/avocats/lyon';
  const everyCard = [...result.items, ...(result.nearby?.items ?? []), ...(result.remote?.items ?? [])];
  vi.stubGlobal('fetch', vi.fn(slotsApi(everyCard)));
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [
        {
          path: 'avocats/:cityUri/:speciality?',
          Component: CityListing as never,
          loader: () => ({
            ...listedSearch(new Request('http://localhost/'), result),
            basePath,
            page,
            specialities: { count: 0 },
            radiusChosen,
            filters,
          }),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[page > 1 ? `${path}?page=${page}` : path]} />);
}

describe('city listing page', () => {
  it('shows one card per professional with name, office, specialities, modes and next slots', async () => {
    renderListing(searchResult({ items: [card()], total: 1, totalPages: 1 }));
    const article = await screen.findByRole('article', { name: 'Marie Martin' });
    const c = within(article);
    expect(c.getByRole('link', { name: 'Marie Martin' }).getAttribute('href')).toBe('/avocat/marie-martin');
    expect(c.getByRole('link', { name: 'Cabinet Martin' }).getAttribute('href')).toBe(
      '/etude/cabinet-martin',
    );
    expect(c.getByText('Droit pénal')).toBeTruthy();
    const modes = c.getByRole('list', { name: 'Rendez-vous possibles' });
    expect(
      within(modes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cabinet', 'Visio']);
    // The slots come from the API once the page is live, in the card's block kept for them.
    const slot = await c.findByRole('link', { name: 'Réserver le mar. 24 nov. à 09:00' });
    expect(slot.getAttribute('href')).toBe(
      '/avocat/marie-martin?creneau=2026-11-24T09:00:00%2B01:00#prendre-rendez-vous',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Avocats à Lyon');
  });

  it('renders the 20 cards of the page, the 10 after the first behind a "voir plus" link for phones', async () => {
    const { container } = renderListing(searchResult());
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelectorAll('article')).toHaveLength(20);
    const more = screen.getByRole('link', { name: 'Voir 10 avocats de plus' });
    expect(more.getAttribute('href')).toBe('#suite');
    const rest = document.getElementById('suite');
    expect(rest?.querySelectorAll('article')).toHaveLength(10);
  });

  it('paginates with real links: page 1 is the bare path, rel prev/next, current page marked', async () => {
    renderListing(searchResult({ page: 2 }), 2);
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    const links = within(nav).getAllByRole('link');
    const prev = links.find((a) => a.getAttribute('rel') === 'prev');
    const next = links.find((a) => a.getAttribute('rel') === 'next');
    expect(prev?.getAttribute('href')).toBe('/avocats/lyon');
    expect(next?.getAttribute('href')).toBe('/avocats/lyon?page=3');
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/avocats/lyon');
  });

  it('has no pagination when everything fits on one page', async () => {
    renderListing(searchResult({ items: cards(3), total: 3, totalPages: 1 }));
    await screen.findAllByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says "Aucun avocat trouvé pour votre recherche" when there is nobody', async () => {
    renderListing(
      searchResult({
        items: [],
        total: 0,
        totalPages: 0,
        onlineCount: 0,
        speciality: { slug: 'droit-penal', name: 'Droit pénal' },
      }),
    );
    expect(await screen.findByText('Aucun avocat trouvé pour votre recherche')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'tous les avocats à Lyon' }).getAttribute('href')).toBe(
      '/avocats/lyon',
    );
  });

  it('continues with the professionals of nearby communes, each with its distance, and offers 10 / 20 / 50 km', async () => {
    const nearby = {
      radiusKm: 50 as const,
      widenedFromKm: null,
      countWithinAsked: 2,
      items: [
        {
          ...card({ _id: 'n1', userUri: 'anne-bihan', first_name: 'Anne', last_name: 'Bihan' }),
          city: { cityUri: 'guipavas', name: 'Guipavas', departmentCode: '29' },
          distanceKm: 8,
        },
        {
          ...card({ _id: 'n2', userUri: 'yves-cloarec', first_name: 'Yves', last_name: 'Cloarec' }),
          city: { cityUri: 'landerneau', name: 'Landerneau', departmentCode: '29' },
          distanceKm: 21,
        },
      ],
    };
    renderListing(searchResult({ items: [], total: 0, totalPages: 0, onlineCount: 0, nearby }));
    expect(
      await screen.findByText(
        /Aucun avocat trouvé pour votre recherche à Lyon, mais 2 avocats exercent à moins de 50 km/,
      ),
    ).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Avocats près de Lyon' });
    expect(within(section).getByText('À 8 km : Guipavas')).toBeTruthy();
    expect(within(section).getByText('À 21 km : Landerneau')).toBeTruthy();
    const radii = within(section).getByRole('navigation', { name: 'Distance' });
    expect(within(radii).getByRole('link', { name: '10 km' }).getAttribute('href')).toBe(
      '/avocats/lyon?rayon=10#proximite',
    );
    expect(within(radii).getByRole('link', { name: '50 km' }).getAttribute('aria-current')).toBe('true');
    expect(within(radii).getByRole('link', { name: '20 km' }).getAttribute('rel')).toBe('nofollow');
  });

  it('in a thin region, says how far it went and adds the professionals who consult remotely, kept out of snippets', async () => {
    const nearby = {
      radiusKm: 200 as const,
      widenedFromKm: 50,
      countWithinAsked: 0,
      items: [
        {
          ...card({ _id: 'n1', userUri: 'anne-bihan', first_name: 'Anne', last_name: 'Bihan' }),
          city: { cityUri: 'rennes', name: 'Rennes', departmentCode: '35' },
          distanceKm: 180,
        },
      ],
    };
    const remote = {
      modes: ['visio' as const, 'phone' as const],
      total: 14,
      totalCapped: false,
      items: [
        {
          ...card({ _id: 'r1', userUri: 'paul-roux', first_name: 'Paul', last_name: 'Roux' }),
          city: { cityUri: 'paris', name: 'Paris', departmentCode: '75' },
        },
        {
          ...card({ _id: 'r2', userUri: 'lea-petit', first_name: 'Léa', last_name: 'Petit' }),
          city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
        },
      ],
    };
    const family = { slug: 'droit-de-la-famille', name: 'Droit de la famille' };
    const { container } = renderListing(
      searchResult({
        items: [],
        total: 0,
        totalPages: 0,
        onlineCount: 0,
        speciality: family,
        nearby,
        remote,
      }),
    );
    expect(
      await screen.findByText('Aucun avocat à moins de 50 km : voici ceux à moins de 200 km.'),
    ).toBeTruthy();
    const around = screen.getByRole('region', { name: 'Avocats en droit de la famille près de Lyon' });
    expect(within(around).getByText('À 180 km : Rennes')).toBeTruthy();
    // The chips keep the visitor's choices; none of them is the widened list.
    const radii = within(around).getByRole('navigation', { name: 'Distance' });
    expect(within(radii).queryByRole('link', { current: true })).toBeNull();
    const remoteSection = screen.getByRole('region', {
      name: 'Avocats en droit de la famille en visio ou par téléphone',
    });
    expect(
      within(remoteSection)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-labelledby')),
    ).toEqual(['pro-paul-roux', 'pro-lea-petit']);
    expect(within(remoteSection).getByText(/2 sur 14 avocats qui consultent à distance/)).toBeTruthy();
    expect(
      await within(remoteSection).findAllByRole('link', { name: 'Réserver le mar. 24 nov. à 09:00' }),
    ).toHaveLength(2);
    // Other communes' cards are not this page's snippet.
    expect(container.querySelector('#a-distance')?.hasAttribute('data-nosnippet')).toBe(true);
    expect(container.querySelector('#proximite')?.hasAttribute('data-nosnippet')).toBe(true);
    expect(screen.queryByText(/Essayez/)).toBeNull();
  });

  it('says "more than" when the remote professionals were counted up to the cap', async () => {
    const remote = {
      modes: ['visio' as const],
      total: 1000,
      totalCapped: true,
      items: [{ ...card({ _id: 'r1', userUri: 'paul-roux', first_name: 'Paul', last_name: 'Roux' }) }],
    };
    const nearby = { radiusKm: 50 as const, widenedFromKm: null, countWithinAsked: 0, items: [] };
    renderListing(searchResult({ items: [], total: 0, totalPages: 0, onlineCount: 0, nearby, remote }));
    expect(await screen.findByText(/1 sur plus de 1 000 avocats qui consultent à distance/)).toBeTruthy();
  });

  it('with nobody within 200 km, says so and leads to the remote professionals instead of a dead end', async () => {
    const remote = {
      modes: ['visio' as const],
      total: 1,
      totalCapped: false,
      items: [{ ...card({ _id: 'r1', userUri: 'paul-roux', first_name: 'Paul', last_name: 'Roux' }) }],
    };
    const nearby = { radiusKm: 200 as const, widenedFromKm: 50, countWithinAsked: 0, items: [] };
    renderListing(searchResult({ items: [], total: 0, totalPages: 0, onlineCount: 0, nearby, remote }));
    expect(
      await screen.findByText(
        'Aucun avocat trouvé pour votre recherche à Lyon ni à moins de 200 km, mais un avocat vous reçoit en visio où que vous soyez.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Aucun avocat à moins de 200 km.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Avocats en visio' })).toBeTruthy();
    expect(screen.queryByText(/élargissez la distance/)).toBeNull();
    expect(screen.queryByText(/Essayez/)).toBeNull();
  });

  it('sorted nearest first: one list with each distance, the order chip on, and the position kept in the form', async () => {
    const items = [
      { ...card({ _id: 'a', userUri: 'a-le-gall', last_name: 'Le Gall' }), distanceKm: 0 },
      {
        ...card({ _id: 'b', userUri: 'b-bihan', last_name: 'Bihan' }),
        city: { cityUri: 'guipavas', name: 'Guipavas', departmentCode: '29' },
        distanceKm: 8,
      },
    ];
    renderListing(searchResult({ items, total: 2, totalPages: 1, nearby: null }), 1, '/avocats/lyon', false, {
      tri: 'proches',
      autour: '45.76,4.84',
    });
    expect(
      await screen.findByText(
        '2 avocats à Lyon et à moins de 50 km de votre position, du plus proche au plus loin.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('À moins d’1 km : Lyon')).toBeTruthy();
    expect(screen.getByText('À 8 km : Guipavas')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Les plus proches' }).getAttribute('aria-current')).toBe('true');
    // Switching the order off drops the position from the link.
    expect(screen.getByRole('link', { name: 'Les plus proches' }).getAttribute('href')).toBe('/avocats/lyon');
    expect(document.querySelector<HTMLInputElement>('input[name="autour"]')?.value).toBe('45.76,4.84');
    expect(screen.queryByRole('region', { name: 'Avocats près de Lyon' })).toBeNull();
  });

  it('offers filters as links and as a form that works without JavaScript; pages keep the filters', async () => {
    renderListing(searchResult({ page: 1, totalPages: 3 }), 1, '/avocats/lyon', false, { mode: 'visio' });
    const filters = await screen.findByRole('region', { name: 'Affiner la recherche' });
    const visio = within(filters).getByRole('link', { name: 'En visio' });
    expect(visio.getAttribute('aria-current')).toBe('true');
    expect(visio.getAttribute('href')).toBe('/avocats/lyon');
    expect(within(filters).getByRole('link', { name: 'Disponible cette semaine' }).getAttribute('href')).toBe(
      '/avocats/lyon?mode=visio&dispo=semaine',
    );
    expect(within(filters).getByRole('link', { name: 'Effacer les filtres' }).getAttribute('href')).toBe(
      '/avocats/lyon',
    );
    const form = filters.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/avocats/lyon');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/avocats/lyon?page=2&mode=visio',
    );
  });

  it('tells that a professional without online booking does not take it yet, but others of the city do', async () => {
    // Marie Martin is "Mme": the sentence is about her.
    const offline = card({ accepts_online_booking: false, nextSlots: [] });
    renderListing(
      searchResult({
        items: [offline],
        total: 1,
        totalPages: 1,
        onlineCount: 4,
        speciality: { slug: 'droit-penal', name: 'Droit pénal' },
      }),
    );
    expect(
      await screen.findByText(
        /L'avocate ne prend pas encore de rendez-vous en ligne, mais d'autres avocats de la ville le font/,
      ),
    ).toBeTruthy();
    const link = screen.getByRole('link', {
      name: 'Voir les avocats de Lyon qui prennent rendez-vous en ligne',
    });
    expect(link.getAttribute('href')).toBe('/avocats/lyon');
    expect(screen.queryByText('Prochaines disponibilités')).toBeNull();
  });
});

describe('unknown commune', () => {
  it('answers the 404 page inside the site’s header and footer, with links to the closest communes', async () => {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => rootData(),
        Component: App,
        ErrorBoundary: RootErrorBoundary,
        HydrateFallback: () => null,
        children: [
          {
            path: 'avocats/:cityUri',
            Component: CityListing as never,
            ErrorBoundary: ErrorBoundary as never,
            loader: () => {
              throw data(
                {
                  suggestions: [
                    {
                      cityUri: 'saint-etienne',
                      name: 'Saint-Étienne',
                      departmentCode: '42',
                      postalCodes: [],
                      population: 1,
                      count: 3,
                    },
                  ],
                },
                { status: 404 },
              );
            },
          },
        ],
      },
    ]);
    const { container } = render(<Stub initialEntries={['/avocats/st-etienne']} />);
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
    // The visitor keeps the site's header (its search and links) and footer around the 404.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /RDV Avocat/ })).toBeTruthy();
    expect(container.querySelector('footer.site-footer')).not.toBeNull();
    expect(screen.getByRole('main').textContent).toContain('Page introuvable');
    const nav = screen.getByRole('navigation', { name: 'Communes proches de votre recherche' });
    expect(within(nav).getByRole('link', { name: 'Saint-Étienne (42)' }).getAttribute('href')).toBe(
      '/avocats/saint-etienne',
    );
  });
});

describe('city listing meta', () => {
  const matches = [{ id: 'root', loaderData: rootData() }];
  const metaOf = (result: SearchResult, page = 1, radiusChosen = false, filters: ListingFilters = {}) =>
    meta({
      matches,
      loaderData: {
        result,
        basePath: '/avocats/lyon',
        page,
        specialities: { count: 0 },
        radiusChosen,
        filters,
      },
    } as unknown as Parameters<typeof meta>[0]);

  it('gives page 1 the bare canonical URL and later pages their ?page URL, with rel prev/next', () => {
    expect(metaOf(searchResult())).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/avocats/lyon',
    });
    const page2 = metaOf(searchResult({ page: 2 }), 2);
    expect(page2).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/avocats/lyon?page=2',
    });
    expect(page2).toContainEqual({ tagName: 'link', rel: 'prev', href: 'https://rdv.example/avocats/lyon' });
    expect(page2).toContainEqual({
      tagName: 'link',
      rel: 'next',
      href: 'https://rdv.example/avocats/lyon?page=3',
    });
  });

  it('describes the page and keeps an empty listing out of the index', () => {
    const tags = metaOf(searchResult());
    const description = tags.find((t) => (t as { name?: string }).name === 'description') as {
      content: string;
    };
    expect(description.content).toContain('45 avocats à Lyon (69)');
    expect(metaOf(searchResult({ items: [], total: 0, totalPages: 0 }))).toContainEqual({
      name: 'robots',
      content: 'noindex',
    });
  });

  it('keeps filtered listings out of the index with the city page as canonical', () => {
    const tags = metaOf(searchResult(), 1, false, { aj: '1' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/avocats/lyon',
    });
  });

  it('keeps a chosen radius out of the index with the city page as canonical', () => {
    const tags = metaOf(searchResult(), 1, true);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/avocats/lyon',
    });
  });

  it('speaks the sector’s words (notaries: "Notaires à Lyon", "à l’étude")', () => {
    const tags = meta({
      matches: [{ id: 'root', loaderData: rootData('notary') }],
      loaderData: { result: searchResult(), basePath: '/notaires/lyon', page: 1, specialities: [] },
    } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: 'Notaires à Lyon | RDV Notaire' });
    const description = tags.find((t) => (t as { name?: string }).name === 'description') as {
      content: string;
    };
    expect(description.content).toContain('45 notaires à Lyon (69)');
    expect(description.content).toContain('en ligne à l’étude, en visio');
  });

  it('adds a BreadcrumbList', () => {
    const ld = metaOf(searchResult()).find((t) => 'script:ld+json' in t) as Record<
      string,
      Record<string, unknown>
    >;
    expect(ld['script:ld+json']['@type']).toBe('BreadcrumbList');
  });
});

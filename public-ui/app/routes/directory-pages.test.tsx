import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { fetchCallUrl } from '@rdv/api-client';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import Directory from './directory';
import OfficePage, { meta as officeMeta } from './office';
import { rootData } from '../test-support';
import { card, teamPage } from '../test-directory-fixtures';
import { NearYou } from '../components/NearYou';
import { CityInput, suggestionValue } from '../components/CityInput';
import { getSector } from '@rdv/sectors';
import type { NearestCity } from '../lib/directory';

// The dev machines are shared and often loaded: give renders time instead of failing at 1 s / 5 s.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

function renderAt(path: string, pattern: string, Component: unknown, data: unknown) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [{ path: pattern, Component: Component as never, loader: () => data }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const directoryData = {
  departments: [
    { department: { code: '69', name: 'Rhône' }, cities: [{ cityUri: 'lyon', name: 'Lyon', count: 5 }] },
    {
      department: { code: '13', name: 'Bouches-du-Rhône' },
      cities: [
        { cityUri: 'aix-en-provence', name: 'Aix-en-Provence', count: 2 },
        { cityUri: 'marseille', name: 'Marseille', count: 1 },
      ],
    },
  ],
  specialities: [],
  city: '',
  speciality: '',
  suggestions: [],
  searched: false,
};

describe('cities by department (/avocats)', () => {
  it('groups the cities that have professionals under their department, each linking to its listing', async () => {
    renderAt('/avocats', 'avocats', Directory, directoryData);
    const rhone = await screen.findByRole('region', { name: '69 Rhône' });
    expect(within(rhone).getByRole('link', { name: 'Avocats à Lyon' }).getAttribute('href')).toBe(
      '/avocats/lyon',
    );
    const bdr = screen.getByRole('region', { name: '13 Bouches-du-Rhône' });
    expect(
      within(bdr)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['13 Bouches-du-Rhône', 'Avocats à Aix-en-Provence', 'Avocats à Marseille']);
    // The department's heading leads to its own page.
    expect(within(bdr).getByRole('link', { name: '13 Bouches-du-Rhône' }).getAttribute('href')).toBe(
      '/avocats/departement/13',
    );
  });

  it('helps when the searched city is unknown, keeping what was typed', async () => {
    renderAt('/avocats?ville=Atlantide', 'avocats', Directory, {
      ...directoryData,
      city: 'Atlantide',
      searched: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Nous ne trouvons pas la ville « Atlantide »' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Ville ou code postal')).toHaveProperty('value', 'Atlantide');
  });

  it('offers the matching cities when several match', async () => {
    renderAt('/avocats?ville=mont', 'avocats', Directory, {
      ...directoryData,
      city: 'mont',
      searched: true,
      suggestions: [
        {
          cityUri: 'montpellier',
          name: 'Montpellier',
          departmentCode: '34',
          postalCodes: [],
          population: 1,
          count: 3,
        },
        {
          cityUri: 'montreuil',
          name: 'Montreuil',
          departmentCode: '93',
          postalCodes: [],
          population: 1,
          count: 0,
        },
      ],
    });
    expect((await screen.findByRole('link', { name: 'Montpellier (34)' })).getAttribute('href')).toBe(
      '/avocats/montpellier',
    );
    expect(screen.getByText('aucun avocat inscrit pour le moment')).toBeTruthy();
  });
});

describe('office page', () => {
  it('shows the office, its address and its professionals, with speciality filters', async () => {
    renderAt('/etude/cabinet-martin', 'etude/:teamUri/:speciality?', OfficePage, {
      team: teamPage({
        specialities: [
          { slug: 'droit-penal', name: 'Droit pénal' },
          { slug: 'droit-du-travail', name: 'Droit du travail' },
        ],
      }),
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Cabinet Martin');
    expect(screen.getByRole('heading', { name: 'Les avocats du cabinet' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Droit du travail' }).getAttribute('href')).toBe(
      '/etude/cabinet-martin/droit-du-travail',
    );
  });

  it('is typed with the sector schema.org type in its JSON-LD', () => {
    const tags = officeMeta({
      matches: [{ id: 'root', loaderData: rootData('groomer') }],
      loaderData: { team: teamPage({ professionals: [card()] }) },
    } as unknown as Parameters<typeof officeMeta>[0]);
    const ld = tags.find((t) => 'script:ld+json' in t) as { 'script:ld+json': { '@type': string } };
    expect(ld['script:ld+json']['@type']).toBe('LocalBusiness');
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/salon/cabinet-martin',
    });
  });
});

describe('near you', () => {
  const lyon: NearestCity = {
    cityUri: 'lyon',
    name: 'Lyon',
    departmentCode: '69',
    departmentName: 'Rhône',
    count: 5,
    distanceKm: 1.4,
    source: 'ip',
    fallback: false,
  };

  function renderNear(initial: NearestCity | null) {
    const Stub = createRoutesStub([
      { path: '/', Component: () => <NearYou sector={getSector('lawyer')} initial={initial} /> },
    ]);
    return render(<Stub initialEntries={['/']} />);
  }

  it('links to the listing of the city found from the visitor address', async () => {
    renderNear(lyon);
    const link = await screen.findByRole('link', { name: /Avocats à Lyon/ });
    expect(link.getAttribute('href')).toBe('/avocats/lyon');
    expect(link.textContent).toContain('5 avocats · Rhône (69)');
  });

  it('asks the API for the city nearest to the browser position', async () => {
    const marseille = { ...lyon, cityUri: 'marseille', name: 'Marseille', source: 'coordinates' as const };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(marseille), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 43.3, longitude: 5.37 } } as GeolocationPosition),
      },
    });
    renderNear(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Utiliser ma position' }));
    expect(await screen.findByRole('link', { name: /Avocats à Marseille/ })).toBeTruthy();
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(fetchCallUrl(request)).toBe('/api/v1/geo/nearest-city?lat=43.3&lng=5.37');
    vi.unstubAllGlobals();
  });
});

describe('city field of the search form', () => {
  it('is a plain required text field named ville, and writes suggestions as "Name (department)"', () => {
    render(<CityInput id="v" defaultValue="" />);
    const input = document.getElementById('v') as HTMLInputElement;
    expect(input.name).toBe('ville');
    expect(input.required).toBe(true);
    expect(suggestionValue({ name: 'Saint-Denis', departmentCode: '93' })).toBe('Saint-Denis (93)');
  });
});

describe('avatar', () => {
  it('shows the photo with the name as alt text, and the initials when it fails to load', async () => {
    const { Avatar } = await import('../components/Avatar');
    render(<Avatar person={{ first_name: 'Marie', last_name: 'Martin', picture: '/photos/marie.webp' }} />);
    const img = screen.getByRole('img', { name: 'Marie Martin' });
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('MM')).toBeTruthy();
  });
});

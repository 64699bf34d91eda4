// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi } from './fake-api.test-helper';
import { clearApiCache } from './lib/api.server';
import { resolveCity } from './lib/city-resolution.server';
import { loader as cityLoader } from './routes/city-listing';
import { loader as directoryLoader } from './routes/directory';
import { action as profileAction, loader as profileLoader } from './routes/profile';
import { loader as articleLoader } from './routes/article';
import { loader as sitemapLoader } from './routes/sitemap';
import { loader as sitemapIndexLoader } from './routes/sitemap-index';
import { loader as robotsLoader } from './routes/robots';
import { loader as homeLoader } from './routes/home';
import { profile, searchResult } from './test-directory-fixtures';

let api: Awaited<ReturnType<typeof startFakeApi>> | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
  clearApiCache();
  vi.unstubAllEnvs();
});

async function withApi(routes: Parameters<typeof startFakeApi>[0]) {
  api = await startFakeApi(routes);
  vi.stubEnv('API_URL', api.url);
  vi.stubEnv('PUBLIC_URL', 'https://rdv.example');
  return api;
}

const args = (url: string, params: Record<string, string | undefined> = {}, init?: RequestInit) =>
  ({ request: new Request(`http://localhost${url}`, init), params, context: {} }) as never;

/** Runs a loader and gives back what it threw (a Response or a data() wrapper). */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    const e = error as { status?: number; init?: { status?: number }; headers?: Headers };
    return { status: e.status ?? e.init?.status, location: e.headers?.get?.('location') ?? null };
  }
  throw new Error('expected the loader to throw');
}

const suggestion = (
  name: string,
  cityUri: string,
  departmentCode: string,
  postalCodes: string[],
  count = 1,
) => ({
  cityUri,
  name,
  departmentCode,
  postalCodes,
  population: 1000,
  count,
});

describe('city resolution of the search form (GET /api/v1/cities/autocomplete)', () => {
  it('finds a city typed by name, whatever the accents and case', async () => {
    await withApi({
      'GET /api/v1/cities/autocomplete?q=saint%20etienne&limit=20': {
        status: 200,
        body: [suggestion('Saint-Étienne', 'saint-etienne', '42', ['42000'])],
      },
    });
    expect(await resolveCity('saint etienne')).toEqual({ kind: 'found', cityUri: 'saint-etienne' });
  });

  it('reads "st etienne" as Saint-Étienne among the communes whose name starts so', async () => {
    await withApi({
      'GET /api/v1/cities/autocomplete?q=st%20etienne&limit=20': {
        status: 200,
        body: [
          suggestion('Saint-Étienne', 'saint-etienne', '42', ['42000']),
          suggestion('Saint-Étienne-du-Rouvray', 'saint-etienne-du-rouvray', '76', ['76800']),
        ],
      },
    });
    expect(await resolveCity('st etienne')).toEqual({ kind: 'found', cityUri: 'saint-etienne' });
  });

  it('uses the department in brackets to pick among homonyms', async () => {
    await withApi({
      'GET /api/v1/cities/autocomplete?q=Saint-Denis&limit=20': {
        status: 200,
        body: [
          suggestion('Saint-Denis', 'saint-denis-974', '974', ['97400']),
          suggestion('Saint-Denis', 'saint-denis', '93', ['93200']),
        ],
      },
    });
    expect(await resolveCity('Saint-Denis (93)')).toEqual({ kind: 'found', cityUri: 'saint-denis' });
    expect(await resolveCity('Saint-Denis')).toEqual({ kind: 'found', cityUri: 'saint-denis-974' });
  });

  it('finds a city by postal code', async () => {
    await withApi({
      'GET /api/v1/cities/autocomplete?q=69003&limit=20': {
        status: 200,
        body: [suggestion('Lyon', 'lyon', '69', ['69001', '69003'])],
      },
    });
    expect(await resolveCity('69003')).toEqual({ kind: 'found', cityUri: 'lyon' });
  });

  it('offers a choice for a partial name and nothing for an unknown one', async () => {
    await withApi({
      'GET /api/v1/cities/autocomplete?q=mont&limit=20': {
        status: 200,
        body: [
          suggestion('Montpellier', 'montpellier', '34', ['34000']),
          suggestion('Montreuil', 'montreuil', '93', ['93100']),
        ],
      },
      'GET /api/v1/cities/autocomplete?q=zzz&limit=20': { status: 200, body: [] },
    });
    const partial = await resolveCity('mont');
    expect(partial.kind).toBe('choose');
    expect(await resolveCity('zzz')).toEqual({ kind: 'unknown' });
  });
});

describe('directory loader (/avocats?ville=&specialite=)', () => {
  it('sends the home search to the city x speciality URL', async () => {
    await withApi({
      'GET /api/v1/specialities': {
        status: 200,
        body: [{ _id: 1, slug: 'droit-penal', name: 'Droit pénal' }],
      },
      'GET /api/v1/cities/autocomplete?q=Lyon&limit=20': {
        status: 200,
        body: [suggestion('Lyon', 'lyon', '69', ['69001'])],
      },
    });
    expect(
      await thrown(() => directoryLoader(args('/avocats?ville=Lyon+(69)&specialite=droit-penal'))),
    ).toEqual({
      status: 302,
      location: '/avocats/lyon/droit-penal',
    });
  });

  it('drops an unknown speciality rather than sending to a 404', async () => {
    await withApi({
      'GET /api/v1/specialities': { status: 200, body: [] },
      'GET /api/v1/cities/autocomplete?q=Lyon&limit=20': {
        status: 200,
        body: [suggestion('Lyon', 'lyon', '69', ['69001'])],
      },
    });
    expect(await thrown(() => directoryLoader(args('/avocats?ville=Lyon&specialite=nope')))).toMatchObject({
      location: '/avocats/lyon',
    });
  });

  it('renders a helpful page (not an error) for a city it cannot find', async () => {
    await withApi({
      'GET /api/v1/specialities': { status: 200, body: [] },
      'GET /api/v1/cities/autocomplete?q=Atlantide&limit=20': { status: 200, body: [] },
      'GET /api/v1/cities': { status: 200, body: [] },
    });
    const data = await directoryLoader(args('/avocats?ville=Atlantide'));
    expect(data).toMatchObject({ searched: true, city: 'Atlantide', suggestions: [] });
  });

  it('lists departments and their cities without a search', async () => {
    const departments = [
      { department: { code: '69', name: 'Rhône' }, cities: [{ cityUri: 'lyon', name: 'Lyon', count: 5 }] },
    ];
    await withApi({
      'GET /api/v1/specialities': { status: 200, body: [] },
      'GET /api/v1/cities': { status: 200, body: departments },
    });
    expect(await directoryLoader(args('/avocats'))).toMatchObject({ departments, searched: false });
  });
});

describe('city listing loader', () => {
  it('passes a chosen radius (?rayon=) to the API and marks it chosen', async () => {
    const fake = await withApi({
      'GET /api/v1/search?cityUri=lyon&page=1&perPage=20&radius=10&withSlots=false': {
        status: 200,
        body: searchResult(),
      },
      'GET /api/v1/specialities': { status: 200, body: [] },
    });
    const data = await cityLoader(args('/avocats/lyon?rayon=10', { cityUri: 'lyon' }));
    expect(data.radiusChosen).toBe(true);
    expect(fake.requests.map((r) => r.url)).toContain(
      '/api/v1/search?cityUri=lyon&page=1&perPage=20&radius=10&withSlots=false',
    );
  });

  it('asks the API for 20 professionals of the page, without their slots (the browser asks for them)', async () => {
    const fake = await withApi({
      'GET /api/v1/search?cityUri=lyon&speciality=droit-penal&page=2&perPage=20&withSlots=false': {
        status: 200,
        body: searchResult({ page: 2 }),
      },
      'GET /api/v1/specialities': { status: 200, body: [] },
    });
    const data = await cityLoader(
      args('/avocats/lyon/droit-penal?page=2', { cityUri: 'lyon', speciality: 'droit-penal' }),
    );
    expect(data.page).toBe(2);
    expect(data.basePath).toBe('/avocats/lyon/droit-penal');
    expect(fake.requests.map((r) => r.url)).toContain(
      '/api/v1/search?cityUri=lyon&speciality=droit-penal&page=2&perPage=20&withSlots=false',
    );
  });

  it('sends a hand-typed city or speciality to its slug URL', async () => {
    await withApi({});
    expect(
      await thrown(() =>
        cityLoader(args('/avocats/Saint-%C3%89tienne?page=2', { cityUri: 'Saint-Étienne' })),
      ),
    ).toEqual({ status: 301, location: '/avocats/saint-etienne?page=2' });
    expect(
      await thrown(() =>
        cityLoader(args('/avocats/lyon/Droit-P%C3%A9nal', { cityUri: 'lyon', speciality: 'Droit-Pénal' })),
      ),
    ).toEqual({ status: 301, location: '/avocats/lyon/droit-penal' });
  });

  it('sends ?page=1 and malformed pages to the bare URL (one URL per page)', async () => {
    await withApi({});
    expect(await thrown(() => cityLoader(args('/avocats/lyon?page=1', { cityUri: 'lyon' })))).toEqual({
      status: 301,
      location: '/avocats/lyon',
    });
    expect(await thrown(() => cityLoader(args('/avocats/lyon?page=abc', { cityUri: 'lyon' })))).toMatchObject(
      {
        status: 301,
      },
    );
  });

  it('shows the error page (503), not a 404, when the API is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('API_URL', 'http://127.0.0.1:9');
    expect(await thrown(() => cityLoader(args('/avocats/lyon', { cityUri: 'lyon' })))).toMatchObject({
      status: 503,
    });
    expect(await thrown(() => profileLoader(args('/avocat/x', { userUri: 'x' })))).toMatchObject({
      status: 503,
    });
  });

  it('answers 404 for an unknown city and for a page past the last one', async () => {
    await withApi({
      'GET /api/v1/search?cityUri=atlantide&page=1&perPage=20&withSlots=false': {
        status: 404,
        body: { statusCode: 404, code: 'CITY_NOT_FOUND', message: 'Ville introuvable' },
      },
      'GET /api/v1/search?cityUri=lyon&page=9&perPage=20&withSlots=false': {
        status: 200,
        body: searchResult({ page: 9, items: [] }),
      },
      'GET /api/v1/specialities': { status: 200, body: [] },
    });
    expect(
      await thrown(() => cityLoader(args('/avocats/atlantide', { cityUri: 'atlantide' }))),
    ).toMatchObject({
      status: 404,
    });
    expect(await thrown(() => cityLoader(args('/avocats/lyon?page=9', { cityUri: 'lyon' })))).toMatchObject({
      status: 404,
    });
  });
});

describe('profile loader and phone reveal', () => {
  it('reads the profile by userUri and answers 404 for an unknown one', async () => {
    await withApi({
      'GET /api/v1/professionals/marie-martin': { status: 200, body: profile() },
    });
    const result = await profileLoader(args('/avocat/marie-martin', { userUri: 'marie-martin' }));
    expect(result.data.profile.userUri).toBe('marie-martin');
    expect(result.init).toBeNull();
    expect(
      await thrown(() => profileLoader(args('/avocat/personne', { userUri: 'personne' }))),
    ).toMatchObject({
      status: 404,
    });
  });

  it('tells crawlers not to index the profile of a professional who opted out (X-Robots-Tag)', async () => {
    await withApi({
      'GET /api/v1/professionals/marie-martin': { status: 200, body: { ...profile(), indexable: false } },
    });
    const result = await profileLoader(args('/avocat/marie-martin', { userUri: 'marie-martin' }));
    expect(new Headers(result.init?.headers).get('x-robots-tag')).toBe('noindex');
  });

  it('reveals the number through POST phone-reveal, with the visitor address the gateway saw', async () => {
    const fake = await withApi({
      'POST /api/v1/professionals/marie-martin/phone-reveal': {
        status: 200,
        body: { telephone: '+33478000000' },
      },
    });
    const body = new URLSearchParams({ intent: 'reveal-phone' });
    const result = await profileAction(
      args(
        '/avocat/marie-martin',
        { userUri: 'marie-martin' },
        { method: 'POST', body, headers: { 'x-client-ip': '203.0.113.7' } },
      ),
    );
    expect(result).toEqual({ telephone: '+33478000000' });
    const call = fake.requests.find((r) => r.method === 'POST');
    expect(call?.headers['x-forwarded-for']).toBe('203.0.113.7');
  });

  it('says so when no number can be shown', async () => {
    await withApi({
      'POST /api/v1/professionals/marie-martin/phone-reveal': {
        status: 404,
        body: { statusCode: 404, code: 'PHONE_NOT_AVAILABLE', message: 'x' },
      },
    });
    const body = new URLSearchParams({ intent: 'reveal-phone' });
    const result = await profileAction(
      args('/avocat/marie-martin', { userUri: 'marie-martin' }, { method: 'POST', body }),
    );
    expect(result).toEqual({ error: 'Aucun numéro n’est disponible pour le moment.' });
  });
});

describe('article loader', () => {
  it('sends an article reached by its numeric id to its slug URL', async () => {
    await withApi({
      'GET /api/v1/articles/3': {
        status: 200,
        body: { _id: 3, slug: 'combien-coute-un-avocat', title: 'Combien ?', content: '<p>x</p>' },
      },
    });
    expect(
      await thrown(() =>
        articleLoader(args('/guide-des-demarches-aupres-de-votre-avocat/3', { articleId: '3' })),
      ),
    ).toEqual({
      status: 301,
      location: '/guide-des-demarches-aupres-de-votre-avocat/combien-coute-un-avocat',
    });
  });
});

describe('sitemaps and robots.txt', () => {
  it('serves the city and city x speciality pages the API says have results', async () => {
    await withApi({
      'GET /api/v1/sitemap/cities': {
        status: 200,
        body: [
          { path: '/avocats/lyon', lastmod: '2026-11-20T10:00:00.000Z' },
          { path: '/avocats/lyon/droit-penal', lastmod: '2026-11-20T10:00:00.000Z' },
        ],
      },
    });
    const response = (await sitemapLoader(args('/sitemaps/cities.xml', { file: 'cities.xml' }))) as Response;
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<loc>https://rdv.example/avocats/lyon</loc>');
    expect(xml).toContain('<loc>https://rdv.example/avocats/lyon/droit-penal</loc>');
  });

  it('lists the fixed pages in their own sitemap', async () => {
    await withApi({});
    const xml = await (
      (await sitemapLoader(args('/sitemaps/pages.xml', { file: 'pages.xml' }))) as Response
    ).text();
    expect(xml).toContain('<loc>https://rdv.example/</loc>');
    expect(xml).toContain('<loc>https://rdv.example/avocats</loc>');
    expect(xml).toContain('<loc>https://rdv.example/guide-des-demarches-aupres-de-votre-avocat</loc>');
  });

  it('serves the profiles sitemap and 404 for an unknown one', async () => {
    await withApi({
      'GET /api/v1/sitemap/profiles': {
        status: 200,
        body: [{ path: '/avocat/marie-martin', lastmod: '2026-11-20T10:00:00.000Z' }],
      },
    });
    const xml = await (
      (await sitemapLoader(args('/sitemaps/profiles.xml', { file: 'profiles.xml' }))) as Response
    ).text();
    expect(xml).toContain('<loc>https://rdv.example/avocat/marie-martin</loc>');
    expect(
      await thrown(() => sitemapLoader(args('/sitemaps/users.xml', { file: 'users.xml' }))),
    ).toMatchObject({
      status: 404,
    });
  });

  it('points robots.txt to the sitemap index, which lists the sitemaps', async () => {
    vi.stubEnv('PUBLIC_URL', 'https://rdv.example');
    const robots = await robotsLoader().text();
    expect(robots).toContain('Sitemap: https://rdv.example/sitemap.xml');
    expect(robots).toContain('Disallow: /participant/');
    expect(await (await sitemapIndexLoader()).text()).toContain(
      '<loc>https://rdv.example/sitemaps/profiles.xml</loc>',
    );
  });

  it('lists every file of the profiles sitemap the API counts, and serves each from its own API page', async () => {
    const fake = await withApi({
      'GET /api/v1/sitemap/profile-files': { status: 200, body: { files: 3, perFile: 2 } },
      'GET /api/v1/sitemap/profiles': {
        status: 200,
        body: [{ path: '/avocat/anne-a', lastmod: '2026-11-20T10:00:00.000Z' }],
      },
      'GET /api/v1/sitemap/profiles?file=3': {
        status: 200,
        body: [{ path: '/avocat/zoe-z', lastmod: '2026-11-20T10:00:00.000Z' }],
      },
      'GET /api/v1/sitemap/profiles?file=4': {
        status: 404,
        body: {
          statusCode: 404,
          code: 'SITEMAP_FILE_NOT_FOUND',
          message: 'Ce fichier du plan du site n’existe pas',
        },
      },
    });
    const index = (await sitemapIndexLoader()) as Response;
    expect(index.headers.get('cache-control')).toBe('public, max-age=3600');
    const locs = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.filter((loc) => loc.includes('/sitemaps/profiles'))).toEqual([
      'https://rdv.example/sitemaps/profiles.xml',
      'https://rdv.example/sitemaps/profiles-2.xml',
      'https://rdv.example/sitemaps/profiles-3.xml',
    ]);
    expect(locs).toContain('https://rdv.example/sitemaps/cities.xml');
    const third = await (
      (await sitemapLoader(args('/sitemaps/profiles-3.xml', { file: 'profiles-3.xml' }))) as Response
    ).text();
    expect(third).toContain('<loc>https://rdv.example/avocat/zoe-z</loc>');
    expect(third).not.toContain('anne-a');
    expect(fake.requests.map((r) => r.url)).toContain('/api/v1/sitemap/profiles?file=3');
    for (const file of ['profiles-4.xml', 'profiles-1.xml', 'cities-2.xml', 'profiles-0.xml'])
      expect(await thrown(() => sitemapLoader(args(`/sitemaps/${file}`, { file })))).toMatchObject({
        status: 404,
      });
  });
});

describe('home loader: near you', () => {
  it('asks the nearest city for the visitor’s address and renders without it when the API fails', async () => {
    const nearest = {
      cityUri: 'lyon',
      name: 'Lyon',
      departmentCode: '69',
      departmentName: 'Rhône',
      count: 5,
      distanceKm: 2,
      source: 'ip',
      fallback: false,
    };
    const fake = await withApi({
      'GET /api/v1/specialities': { status: 200, body: [] },
      'GET /api/v1/geo/nearest-city': { status: 200, body: nearest },
    });
    const data = await homeLoader(args('/', {}, { headers: { 'x-client-ip': '198.51.100.4' } }));
    expect(data.nearest).toEqual(nearest);
    expect(fake.requests.find((r) => r.url === '/api/v1/geo/nearest-city')?.headers['x-forwarded-for']).toBe(
      '198.51.100.4',
    );
  });
});

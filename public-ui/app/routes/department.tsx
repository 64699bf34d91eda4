import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/department';
import { currentSector } from '../lib/config.server';
import { apiCall } from '../lib/directory.server';
import { listingCard, pageHref, paths, PER_PAGE, readPage } from '../lib/directory';
import { breadcrumbJsonLd } from '../lib/jsonld';
import { pageMeta } from '../lib/seo';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Pagination } from '../components/Pagination';
import { ProfessionalList } from '../components/ProfessionalList';
import { publicPageHeaders } from '../lib/http-cache';
import { renderedList } from '../lib/server-rendered';

// Shared caches may keep the page for anonymous visitors (lib/http-cache.ts).
export const headers = publicPageHeaders;

/** `/avocats/departement/29`: a department's professionals and its communes that have some. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const to = paths(currentSector().routes);
  const code = params.code.toUpperCase();
  const basePath = to.department(code);
  if (params.code !== code.toLowerCase()) throw redirect(basePath, 301);
  const page = readPage(new URL(request.url));
  if (page === 1 || Number.isNaN(page)) throw redirect(basePath, 301);
  const current = page ?? 1;
  const answer = await apiCall((api) =>
    api.GET('/api/v1/departments/{code}', {
      // The cards' slots are the browser's to ask (components/CardSlots.tsx): the page waits for none.
      params: { path: { code }, query: { page: current, perPage: PER_PAGE, withSlots: 'false' } },
    }),
  );
  if (answer.status === 404 || answer.status === 400) throw data(null, { status: 404 });
  if (answer.status !== 200 || !answer.body) throw data(null, { status: 503 });
  if (current > 1 && current > answer.body.totalPages) throw data(null, { status: 404 });
  // The cards: in the markup, and in the data of a client-side navigation only (lib/server-rendered.ts).
  const result = { ...answer.body, items: renderedList(request, answer.body.items.map(listingCard)) };
  return { result, basePath, page: current };
}

const heading = (plural: string, name: string, code: string) =>
  `${plural.charAt(0).toUpperCase()}${plural.slice(1)} dans le département ${name} (${code})`;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const { result, basePath, page } = loaderData;
  const { department } = result;
  const to = paths(sector.routes);
  const title = `${heading(sector.words.plural, department.name, department.code)}${page > 1 ? ` – page ${page}` : ''}`;
  const description = `${result.total} ${result.total > 1 ? sector.words.plural : sector.words.singular} dans le département ${department.name} (${department.code}), dans ${result.cities.length} commune${result.cities.length > 1 ? 's' : ''}. Prise de rendez-vous en ligne.`;
  return [
    ...pageMeta(matches, { title, description, path: pageHref(basePath, page), noindex: result.total === 0 }),
    {
      'script:ld+json': breadcrumbJsonLd(publicUrl, [
        { name: 'Accueil', path: '/' },
        {
          name: sector.words.plural.charAt(0).toUpperCase() + sector.words.plural.slice(1),
          path: to.directory,
        },
        { name: department.name, path: basePath },
      ]),
    },
  ];
}

export default function DepartmentPage({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { result, basePath, page } = loaderData;
  const { department } = result;
  const plural = `${sector.words.plural.charAt(0).toUpperCase()}${sector.words.plural.slice(1)}`;
  const from = (page - 1) * result.perPage + 1;
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { name: 'Accueil', path: '/' },
          { name: plural, path: to.directory },
          { name: department.name, path: basePath },
        ]}
      />
      <h1>{heading(sector.words.plural, department.name, department.code)}</h1>
      <p className="page__lead">
        {result.total} {result.total > 1 ? sector.words.plural : sector.words.singular}
        {result.onlineCount > 0 ? `, dont ${result.onlineCount} avec prise de rendez-vous en ligne` : ''}.
      </p>
      {result.cities.length > 0 && (
        <nav aria-label={`Communes du département ${department.name}`} className="department-cities">
          <ul className="chips">
            {result.cities.map((city) => (
              <li key={city.cityUri}>
                <Link to={to.city(city.cityUri)} className="chip chip--link">
                  {city.name} <span className="muted">({city.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {result.items.count > 0 && (
        <section aria-label={`${plural} du département`} id="resultats">
          <ProfessionalList
            list={result.items}
            id="cartes-departement"
            sector={sector}
            startIndex={from - 1}
          />
          <Pagination path={basePath} page={page} totalPages={result.totalPages} />
        </section>
      )}
    </div>
  );
}

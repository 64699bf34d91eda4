import { lazy, Suspense } from 'react';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { MESSAGES_FR, appointmentModesPhrase } from '@rdv/sectors';
import type { Route } from './+types/city-listing';
import { currentSector } from '../lib/config.server';
import { fetchSpecialities } from '../lib/api.server';
import { apiCall } from '../lib/directory.server';
import {
  DEFAULT_RADIUS_KM,
  NEARBY_RADII_KM,
  pageHref,
  paths,
  readRadius,
  PER_PAGE,
  readPage,
  slugify,
  withSpeciality,
  listedSearch,
  type CitySuggestion,
  type SearchResult,
} from '../lib/directory';
import { breadcrumbJsonLd } from '../lib/jsonld';
import { pageMeta } from '../lib/seo';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ErrorPage } from '../components/ErrorPage';
import { Pagination } from '../components/Pagination';
import { ListingFiltersForm } from '../components/ListingFiltersForm';
import { ProfessionalList } from '../components/ProfessionalList';
import { ServerRenderedBlock } from '../components/ServerRenderedBlock';
import { SpecialitySelect } from '../components/SpecialitySelect';
import { apiFilters, filterQuery, isFiltered, readFilters } from '../lib/listing-filters';
import { publicPageHeaders } from '../lib/http-cache';
import { renderedList } from '../lib/server-rendered';

// The map (components/map) is a module of its own, loaded once the page is live: none of it is in the first load.
// A module that does not load leaves the page without its map, never broken.
const ListingMap = lazy(() => import('../components/map/ListingMap').catch(() => ({ default: () => null })));

// Shared caches may keep the page for anonymous visitors (lib/http-cache.ts).
export const headers = publicPageHeaders;

export async function loader({ params, request }: Route.LoaderArgs) {
  const sector = currentSector();
  const to = paths(sector.routes);
  const url = new URL(request.url);
  const page = readPage(url);
  // "/avocats/Saint-Étienne" typed by hand: the URL of the page is the slug.
  const cityUri = slugify(params.cityUri);
  const speciality = params.speciality ? slugify(params.speciality) : undefined;
  if (cityUri && (cityUri !== params.cityUri || speciality !== params.speciality)) {
    throw redirect(`${to.city(cityUri, speciality)}${url.search}`, 301);
  }
  const basePath = to.city(params.cityUri, params.speciality);
  const filters = readFilters(url);
  const radius = readRadius(url);
  // One URL per page: ?page=1 and malformed pages go to the bare path (filters kept).
  if (page === 1 || Number.isNaN(page))
    throw redirect(`${basePath}${filterQuery(filters, radius ? { rayon: String(radius) } : {})}`, 301);
  const current = page ?? 1;

  const [answer, specialities] = await Promise.all([
    apiCall((api) =>
      api.GET('/api/v1/search', {
        params: {
          query: {
            cityUri: params.cityUri,
            speciality: params.speciality || undefined,
            page: current,
            perPage: PER_PAGE,
            // The API's default radius is DEFAULT_RADIUS_KM: sent only when the visitor chose another.
            radius: radius ?? undefined,
            // The cards' slots are the browser's to ask (components/CardSlots.tsx): the page waits for none.
            withSlots: 'false',
            ...apiFilters(filters),
          },
        },
      }),
    ),
    fetchSpecialities(),
  ]);
  if (answer.status === 404)
    throw data({ suggestions: await closestCities(params.cityUri) }, { status: 404 });
  if (answer.status === 400) throw data(null, { status: 404 });
  if (answer.status !== 200 || !answer.body) throw data(null, { status: 503 });
  const result = answer.body;
  // Past the last page: the page does not exist.
  if (current > 1 && current > result.totalPages) throw data(null, { status: 404 });
  return {
    ...listedSearch(request, result),
    basePath,
    page: current,
    specialities: renderedList(
      request,
      specialities.map(({ slug, name }) => ({ slug, name })),
    ),
    radiusChosen: radius !== null,
    radius,
    filters,
  };
}

/** The communes whose name is closest to an unknown one ("st-etienne" -> Saint-Étienne); none when the API fails. */
async function closestCities(cityUri: string): Promise<CitySuggestion[]> {
  const q = cityUri.replace(/-/g, ' ').trim().slice(0, 60);
  if (q.length < 2) return [];
  const answer = await apiCall((api) =>
    api.GET('/api/v1/cities/closest', { params: { query: { q, limit: 5 } } }),
  );
  return answer.status === 200 && Array.isArray(answer.body) ? answer.body : [];
}

/** "Avocats à Lyon", "Avocats en droit pénal à Lyon", "Notaires à Lyon : Gestion de patrimoine". */
function heading(plural: string, result: Pick<SearchResult, 'city' | 'speciality'>): string {
  const word = plural.charAt(0).toUpperCase() + plural.slice(1);
  return withSpeciality(word, ` à ${result.city.name}`, result.speciality?.name);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const { result, basePath, page, radiusChosen, filters } = loaderData;
  const title = heading(sector.words.plural, result) + (page > 1 ? ` – page ${page}` : '');
  const dept = result.city.departmentCode ? ` (${result.city.departmentCode})` : '';
  const description =
    result.total > 0
      ? `${result.total} ${result.total > 1 ? sector.words.plural : sector.words.singular} à ${result.city.name}${dept}${result.speciality ? ` (${result.speciality.name})` : ''}. Comparez et prenez rendez-vous en ligne ${appointmentModesPhrase(sector)}.`
      : `Trouvez ${sector.words.indefinite} à ${result.city.name}${dept} et prenez rendez-vous en ligne.`;
  const to = paths(sector.routes);
  const crumbs = [
    { name: 'Accueil', path: '/' },
    {
      name: `${sector.words.plural.charAt(0).toUpperCase()}${sector.words.plural.slice(1)}`,
      path: to.directory,
    },
    { name: result.city.name, path: to.city(result.city.cityUri) },
    ...(result.speciality ? [{ name: result.speciality.name, path: basePath }] : []),
  ];
  const tags: Array<Record<string, unknown>> = [
    // An empty listing is not worth indexing (and is not in the sitemap).
    // A chosen radius is a filter of the same page: not indexed, same canonical. Nearby professionals make
    // an empty commune worth showing, not worth indexing.
    ...pageMeta(matches, {
      title,
      description,
      path: pageHref(basePath, page),
      noindex: result.total === 0 || radiusChosen || isFiltered(filters ?? {}),
    }),
    { 'script:ld+json': breadcrumbJsonLd(publicUrl, crumbs) },
  ];
  if (page > 1)
    tags.push({ tagName: 'link', rel: 'prev', href: `${publicUrl}${pageHref(basePath, page - 1)}` });
  if (page < result.totalPages)
    tags.push({ tagName: 'link', rel: 'next', href: `${publicUrl}${pageHref(basePath, page + 1)}` });
  return tags;
}

/** An unknown commune: the 404 page, with the closest communes' pages when there are some. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const suggestions = isRouteErrorResponse(error)
    ? ((error.data as { suggestions?: CitySuggestion[] } | null)?.suggestions ?? [])
    : [];
  return (
    <ErrorPage status={status}>
      {suggestions.length > 0 && (
        <nav aria-label="Communes proches de votre recherche" className="suggestions">
          <p>Vouliez-vous dire :</p>
          <ul>
            {suggestions.map((city) => (
              <li key={city.cityUri}>
                <Link to={to.city(city.cityUri)}>
                  {city.name} ({city.departmentCode})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </ErrorPage>
  );
}

export default function CityListing({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { result, basePath, page, specialities, radiusChosen, mapCards } = loaderData;
  const filters = loaderData.filters ?? {};
  const filterText = filterQuery(filters).slice(1);
  const radiusHref = (km: number) => {
    const query = filterQuery(filters, km === DEFAULT_RADIUS_KM ? {} : { rayon: String(km) }).slice(1);
    const base = pageHref(basePath, page);
    return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
  };
  const { city, speciality } = result;
  const plural = `${sector.words.plural.charAt(0).toUpperCase()}${sector.words.plural.slice(1)}`;
  // The spec's message on a card without online booking points to the city's professionals who do
  // take it (listed first by the API): the city page, or page 1 of it when we are on it already.
  const othersHref =
    result.onlineCount > 0 ? (speciality || page > 1 ? to.city(city.cityUri) : '#resultats') : null;
  const nearbyCount = result.nearby?.items.count ?? 0;
  const widened = Boolean(result.nearby?.widenedFromKm);
  const remoteCount = result.remote?.items.count ?? 0;
  const remoteWays = remoteWaysOf(result.remote?.modes ?? ['visio', 'phone']);
  const radiusKm = loaderData.radius ?? DEFAULT_RADIUS_KM;
  const from = (page - 1) * result.perPage + 1;
  const until = from + result.items.count - 1;
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { name: 'Accueil', path: '/' },
          { name: plural, path: to.directory },
          { name: city.name, path: to.city(city.cityUri) },
          ...(speciality ? [{ name: speciality.name, path: basePath }] : []),
        ]}
      />
      <h1>{heading(sector.words.plural, result)}</h1>
      <p className="page__lead">
        {filters.tri === 'proches' && result.total > 0
          ? `${result.total} ${result.total > 1 ? sector.words.plural : sector.words.singular} à ${city.name} et à moins de ${radiusKm} km${filters.autour ? ' de votre position' : ''}, du plus proche au plus loin.`
          : result.total > 0
            ? `${result.total} ${result.total > 1 ? sector.words.plural : sector.words.singular}${result.onlineCount > 0 ? `, dont ${result.onlineCount} avec prise de rendez-vous en ligne` : ''}.`
            : `Aucun résultat pour le moment à ${city.name}.`}
      </p>

      {specialities.count > 0 && (
        // A plain form: the browser keeps the server's on a page's first load (lib/server-rendered.ts).
        <ServerRenderedBlock
          id="filtre-domaines"
          render={
            specialities.entries
              ? () => (
                  <SpecialityFilter
                    specialities={specialities.entries!}
                    label={sector.specialitiesLabel}
                    action={to.directory}
                    cityUri={city.cityUri}
                    chosen={speciality?.slug}
                  />
                )
              : null
          }
        />
      )}

      <ListingFiltersForm
        basePath={basePath}
        filters={filters}
        radius={radiusChosen ? radiusKm : undefined}
      />

      {result.items.count === 0 && nearbyCount > 0 ? (
        <p className="notice" role="status">
          {MESSAGES_FR.noProfessionalFound(sector.words.singular)} à {city.name}, mais {nearbyCount}{' '}
          {nearbyCount > 1 ? `${sector.words.plural} exercent` : `${sector.words.singular} exerce`} à moins de{' '}
          {result.nearby!.radiusKm} km.
        </p>
      ) : result.items.count === 0 && remoteCount > 0 ? (
        <p className="notice" role="status">
          {MESSAGES_FR.noProfessionalFound(sector.words.singular)} à {city.name}
          {result.nearby ? ` ni à moins de ${result.nearby.radiusKm} km` : ''}, mais{' '}
          {remoteCount > 1
            ? `des ${sector.words.plural} vous reçoivent`
            : `${sector.words.indefinite} vous reçoit`}{' '}
          {remoteWays} où que vous soyez.
        </p>
      ) : result.items.count === 0 ? (
        <div className="card empty" role="status">
          <h2>{MESSAGES_FR.noProfessionalFound(sector.words.singular)}</h2>
          <p>
            {speciality ? (
              <>
                Essayez sans filtre :{' '}
                <Link to={to.city(city.cityUri)}>
                  tous les {sector.words.plural} à {city.name}
                </Link>
                , ou{' '}
              </>
            ) : (
              'Essayez '
            )}
            une ville voisine dans <Link to={to.directory}>l’annuaire par ville</Link>.
          </p>
        </div>
      ) : (
        <section aria-labelledby="resultats-titre" id="resultats">
          <h2 id="resultats-titre" className="visually-hidden">
            Résultats {from} à {until} sur {result.total}
          </h2>
          <div className="results-map">
            <Suspense>
              <ListingMap items={mapCards} startIndex={from - 1} />
            </Suspense>
            <div className="results-map__list">
              <ProfessionalList
                list={result.items}
                id="cartes-resultats"
                sector={sector}
                othersHref={othersHref}
                startIndex={from - 1}
              />
            </div>
          </div>
          <Pagination path={basePath} page={page} totalPages={result.totalPages} query={filterText} />
        </section>
      )}

      {result.nearby && (nearbyCount > 0 || radiusChosen || widened) && (
        // Cards of other communes' pages: not what this page's snippet should quote.
        <section aria-labelledby="a-proximite" id="proximite" className="nearby" data-nosnippet="">
          <h2 id="a-proximite">{withSpeciality(plural, ` près de ${city.name}`, speciality?.name)}</h2>
          <nav aria-label="Distance" className="filter-chips">
            <ul className="chips">
              {NEARBY_RADII_KM.map((km) => (
                <li key={km}>
                  <Link
                    to={`${radiusHref(km)}#proximite`}
                    className="chip chip--link"
                    aria-current={!widened && result.nearby!.radiusKm === km ? 'true' : undefined}
                    rel="nofollow"
                  >
                    {km} km
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {widened && (
            <p className="notice" role="status">
              {MESSAGES_FR.widenedRadius(sector.words, {
                fromKm: result.nearby.widenedFromKm!,
                toKm: result.nearby.radiusKm,
                foundWithinFrom: result.nearby.countWithinAsked,
                found: nearbyCount,
              })}
              .
            </p>
          )}
          {nearbyCount > 0 ? (
            <ProfessionalList
              list={result.nearby.items}
              id="cartes-proximite"
              sector={sector}
              restId="suite-proximite"
            />
          ) : widened ? null : (
            <p className="notice">
              Personne à moins de {result.nearby.radiusKm} km : élargissez la distance.
            </p>
          )}
        </section>
      )}

      {result.remote && remoteCount > 0 && (
        // The same remote professionals close many communes' pages: kept out of this page's snippet.
        <section aria-labelledby="a-distance-titre" id="a-distance" className="nearby" data-nosnippet="">
          <h2 id="a-distance-titre">{withSpeciality(plural, ` ${remoteWays}`, speciality?.name)}</h2>
          <p>
            Partout en France, sans vous déplacer : les premiers créneaux libres d’abord
            {result.remote.total > remoteCount
              ? ` (${remoteCount} sur ${result.remote.totalCapped ? 'plus de ' : ''}${result.remote.total.toLocaleString('fr-FR')} ${sector.words.plural} qui consultent à distance)`
              : ''}
            .
          </p>
          <ProfessionalList
            list={result.remote.items}
            id="cartes-a-distance"
            sector={sector}
            restId="suite-a-distance"
          />
        </section>
      )}
    </div>
  );
}

/** The city's listing for one speciality: `/avocats?cityUri=lyon&specialite=droit-penal` redirects there. */
function SpecialityFilter({
  specialities,
  label,
  action,
  cityUri,
  chosen,
}: {
  specialities: ReadonlyArray<{ slug: string; name: string }>;
  label: string;
  action: string;
  cityUri: string;
  chosen?: string;
}) {
  return (
    <form className="filter" method="get" action={action}>
      <input type="hidden" name="cityUri" value={cityUri} />
      <label htmlFor="filtre-specialite">{label}</label>
      <div className="filter__row">
        <SpecialitySelect id="filtre-specialite" specialities={specialities} chosen={chosen} />
        <button type="submit" className="button button--primary">
          Filtrer
        </button>
      </div>
    </form>
  );
}

/** "en visio ou par téléphone", "en visio", "par téléphone": how the remote section's professionals consult. */
function remoteWaysOf(modes: ReadonlyArray<'visio' | 'phone'>): string {
  return modes.length === 1
    ? modes[0] === 'visio'
      ? 'en visio'
      : 'par téléphone'
    : 'en visio ou par téléphone';
}

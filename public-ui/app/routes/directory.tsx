import { Link, redirect } from 'react-router';
import type { Route } from './+types/directory';
import { fetchSpecialities } from '../lib/api.server';
import { currentSector } from '../lib/config.server';
import { resolveCity } from '../lib/city-resolution.server';
import { fetchCitiesByDepartment } from '../lib/directory.server';
import { paths, slugify } from '../lib/directory';
import { breadcrumbJsonLd } from '../lib/jsonld';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { SearchForm } from '../components/SearchForm';

export async function loader({ request }: Route.LoaderArgs) {
  const sector = currentSector();
  const to = paths(sector.routes);
  const url = new URL(request.url);
  const city = (url.searchParams.get('ville') ?? '').trim().slice(0, 100);
  const specialityParam = slugify((url.searchParams.get('specialite') ?? '').slice(0, 120));
  const specialities = await fetchSpecialities();
  // Only a known speciality goes into the URL (an unknown one would be a 404 page).
  const speciality =
    specialityParam && specialities.some((s) => s.slug === specialityParam) ? specialityParam : '';

  // The speciality filter of a city page sends the exact cityUri.
  const cityUri = url.searchParams.get('cityUri') ?? '';
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(cityUri) && cityUri.length <= 120) {
    throw redirect(to.city(cityUri, speciality || null));
  }
  if (city) {
    const resolution = await resolveCity(city);
    if (resolution.kind === 'found') throw redirect(to.city(resolution.cityUri, speciality || null));
    return {
      departments: await fetchCitiesByDepartment(),
      specialities,
      city,
      speciality,
      suggestions: resolution.kind === 'choose' ? resolution.suggestions : [],
      searched: true,
    };
  }
  return {
    departments: await fetchCitiesByDepartment(),
    specialities,
    city,
    speciality,
    suggestions: [],
    searched: false,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const to = paths(sector.routes);
  return [
    ...pageMeta(matches, {
      title: `Annuaire des ${sector.words.plural} par ville`,
      description: `Les villes et départements où trouver ${sector.words.indefinite} et prendre rendez-vous en ligne, partout en France.`,
      path: to.directory,
      // A search that did not find its city is a result page, not the directory.
      noindex: loaderData?.searched,
    }),
    {
      'script:ld+json': breadcrumbJsonLd(publicUrl, [
        { name: 'Accueil', path: '/' },
        { name: `Annuaire des ${sector.words.plural}`, path: to.directory },
      ]),
    },
  ];
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { departments, suggestions, searched, city } = loaderData;
  return (
    <div className="container page">
      <Link to="/" className="back-link">
        <span aria-hidden="true">← </span>Accueil
      </Link>
      <h1>Annuaire des {sector.words.plural} par ville</h1>
      <p className="page__lead">
        Choisissez une ville pour voir les {sector.words.plural} qui y exercent et prendre rendez-vous en
        ligne.
      </p>

      {searched && (
        <div className="card notice-card" role="status">
          {suggestions.length > 0 ? (
            <>
              <h2>Plusieurs villes correspondent à « {city} »</h2>
              <ul className="suggestions">
                {suggestions.map((s) => (
                  <li key={s.cityUri}>
                    <Link to={to.city(s.cityUri, loaderData.speciality || null)}>
                      {s.name} ({s.departmentCode})
                    </Link>{' '}
                    <span className="muted">
                      {s.count > 0
                        ? `${s.count} ${s.count > 1 ? sector.words.plural : sector.words.singular}`
                        : `aucun ${sector.words.singular} inscrit pour le moment`}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <h2>Nous ne trouvons pas la ville « {city} »</h2>
              <p>
                Vérifiez l’orthographe, essayez le code postal (par exemple 69003) ou choisissez une ville
                dans la liste ci-dessous.
              </p>
            </>
          )}
        </div>
      )}

      <section className="card" aria-labelledby="directory-search-title">
        <h2 id="directory-search-title">Rechercher par ville</h2>
        <SearchForm
          sector={sector}
          specialities={loaderData.specialities}
          city={loaderData.city}
          speciality={loaderData.speciality}
        />
      </section>

      <section aria-labelledby="departments-title" className="departments">
        <h2 id="departments-title">Villes par département</h2>
        {departments === null ? (
          <p className="notice" role="status">
            La liste des villes est momentanément indisponible. Veuillez réessayer dans quelques instants.
          </p>
        ) : departments.length === 0 ? (
          <p className="notice">Aucun {sector.words.singular} n’est encore inscrit.</p>
        ) : (
          <div className="departments__grid">
            {departments.map(({ department, cities }) => (
              <section
                key={department.code}
                className="department"
                aria-labelledby={`dep-${department.code}`}
              >
                <h3 id={`dep-${department.code}`} className="department__title">
                  <Link to={to.department(department.code)}>
                    <span className="department__code">{department.code}</span> {department.name}
                  </Link>
                </h3>
                <ul className="department__cities">
                  {cities.map((c) => (
                    <li key={c.cityUri}>
                      <Link to={to.city(c.cityUri)}>
                        {sector.words.plural.charAt(0).toUpperCase() + sector.words.plural.slice(1)} à{' '}
                        {c.name}
                      </Link>{' '}
                      <span className="muted">({c.count})</span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

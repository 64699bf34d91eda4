import { Link } from 'react-router';
import type { Route } from './+types/home';
import { apiGetCached, fetchSpecialities } from '../lib/api.server';
import { fetchNearestCityByIp } from '../lib/directory.server';
import { NearYou } from '../components/NearYou';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { BrandMark } from '../components/BrandMark';
import { SearchForm } from '../components/SearchForm';

export async function loader({ request }: Route.LoaderArgs) {
  // "Near you": the nearest city with professionals from the visitor's IP (the API's offline
  // GeoLite2 database); the page never waits more than 1.5 s for it and renders without it.
  const [specialities, nearest, departments] = await Promise.all([
    fetchSpecialities(),
    fetchNearestCityByIp(request),
    apiGetCached('/api/v1/cities', (api) => api.GET('/api/v1/cities'), []),
  ]);
  // "Directory by city": the cities with the most professionals, as plain links.
  const topCities = (Array.isArray(departments) ? departments : [])
    .flatMap((d) => d.cities)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr'))
    .slice(0, 8)
    .map(({ cityUri, name }) => ({ cityUri, name }));
  return { specialities, nearest, topCities };
}

export function meta({ matches }: Route.MetaArgs) {
  const { sector, publicUrl } = rootDataFromMatches(matches);
  return [
    ...pageMeta(matches, {
      title: sector.homeTitle,
      description: `${sector.homeTitle}. ${sector.homeSubtitle} Recherche par ville et par domaine, confirmation par email.`,
      path: '/',
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: sector.productName,
        url: `${publicUrl}/`,
        inLanguage: 'fr-FR',
      },
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const { words, routes } = sector;
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container">
          <div className="hero__top">
            <BrandMark sector={sector} />
            <a href="/user/connexion" className="hero__pro">
              Espace pro
            </a>
          </div>
          <h1 id="home-title">{sector.homeTitle}</h1>
          <p className="hero__lead">{sector.homeSubtitle}</p>
          <section className="card search-card" aria-labelledby="search-title">
            <h2 id="search-title" className="search-card__title">
              Rechercher par localisation
            </h2>
            <SearchForm sector={sector} specialities={loaderData.specialities} />
          </section>
        </div>
      </section>

      <div className="container home-sections">
        <NearYou sector={sector} initial={loaderData.nearest ?? null} />

        <section className="card" aria-labelledby="directory-title">
          <h2 id="directory-title">Annuaire des {words.plural} par ville</h2>
          <p>Parcourez les villes et les départements où des {words.plural} sont inscrits.</p>
          {(loaderData.topCities ?? []).length > 0 && (
            <ul className="city-links">
              {(loaderData.topCities ?? []).map((c) => (
                <li key={c.cityUri}>
                  <Link to={`/${routes.directory}/${c.cityUri}`}>
                    {words.plural.charAt(0).toUpperCase() + words.plural.slice(1)} à {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to={`/${routes.directory}`} className="button button--secondary">
              Voir l’annuaire par ville
            </Link>
          </p>
        </section>

        <section aria-labelledby="how-title" className="how">
          <h2 id="how-title">Prendre rendez-vous en trois étapes</h2>
          <ol className="steps">
            <li>
              <span>
                <strong>Cherchez</strong> {words.indefinite} par ville et par domaine.
              </span>
            </li>
            <li>
              <span>
                <strong>Choisissez</strong> un motif et un créneau libre.
              </span>
            </li>
            <li>
              <span>
                <strong>Recevez</strong> la confirmation par email dès la validation du rendez-vous.
              </span>
            </li>
          </ol>
        </section>

        <section className="card card--accent" aria-labelledby="pro-title">
          <h2 id="pro-title">Vous êtes {words.singular} ?</h2>
          <p>
            Recevez de nouveaux clients et laissez-les réserver en ligne, 24 h/24. Essai de 6 mois à 69 € HT
            par mois.
          </p>
          <p>
            <Link to="/demande-inscription" className="button button--primary">
              Demander mon inscription
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}

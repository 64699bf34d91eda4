import { Link } from 'react-router';
import type { Route } from './+types/directory';
import { fetchSpecialities } from '../lib/api.server';
import { useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { SearchForm } from '../components/SearchForm';

export async function loader({ request }: Route.LoaderArgs) {
  // TODO(issue 4): cities grouped by department (those with professionals) from the API, and
  // `?ville=&specialite=` from the search form resolved to /{directory}/{cityUri}/{speciality}.
  const query = new URL(request.url).searchParams;
  return {
    specialities: await fetchSpecialities(),
    city: (query.get('ville') ?? '').slice(0, 100),
    speciality: (query.get('specialite') ?? '').slice(0, 100),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { sector } = matches[0].loaderData;
  return pageMeta(matches, {
    title: `Annuaire des ${sector.words.plural} par ville`,
    description: `Trouvez ${sector.words.indefinite} dans votre ville et prenez rendez-vous en ligne.`,
    path: `/${sector.routes.directory}`,
  });
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  return (
    <div className="container page">
      <Link to="/" className="back-link">
        <span aria-hidden="true">← </span>Accueil
      </Link>
      <h1>Annuaire des {sector.words.plural} par ville</h1>
      <p className="page__lead">
        Indiquez une ville pour voir les {sector.words.plural} qui y prennent rendez-vous en ligne.
      </p>
      <section className="card" aria-labelledby="directory-search-title">
        <h2 id="directory-search-title">Rechercher par ville</h2>
        <SearchForm
          sector={sector}
          specialities={loaderData.specialities}
          city={loaderData.city}
          speciality={loaderData.speciality}
        />
      </section>
    </div>
  );
}

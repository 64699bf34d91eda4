import type { Route } from './+types/specialities';
import { fetchSpecialities } from '../lib/api.server';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';

export async function loader() {
  return { specialities: await fetchSpecialities() };
}

export function meta({ matches }: Route.MetaArgs) {
  const { sector } = rootDataFromMatches(matches);
  return pageMeta(matches, {
    title: sector.specialitiesLabel,
    description: `Les domaines dans lesquels exercent les ${sector.words.plural} de ${sector.productName}.`,
    path: '/domaines-de-competences',
  });
}

export default function Specialities({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const { specialities } = loaderData;
  return (
    <div className="container page">
      <h1>{sector.specialitiesLabel}</h1>
      <p className="page__lead">
        Chaque {sector.words.singular} indique ses domaines sur son profil. Choisissez le vôtre dans la
        recherche pour trouver {sector.words.indefinite} qui vous accompagnera.
      </p>
      {specialities.length > 0 ? (
        <ul className="tag-grid">
          {specialities.map((s) => (
            <li key={s.slug} className="tag-grid__item">
              {s.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice" role="status">
          La liste des domaines est momentanément indisponible. Veuillez réessayer dans quelques instants.
        </p>
      )}
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/office';
import { apiPage } from '../lib/directory.server';
import { paths, withSpeciality, type TeamPage } from '../lib/directory';
import { breadcrumbJsonLd, officeJsonLd } from '../lib/jsonld';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { formatOfficeIdentifier, ofOffice, officeIdentifierOf } from '@rdv/sectors';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ProfessionalCard } from '../components/ProfessionalCard';
import { publicPageHeaders } from '../lib/http-cache';

// The map (components/map) is a module of its own, loaded once the page is live: none of it is in the first load.
// A module that does not load leaves the page without its map, never broken.
const PlaceMap = lazy(() => import('../components/map/PlaceMap').catch(() => ({ default: () => null })));

// Shared caches may keep the page for anonymous visitors (lib/http-cache.ts).
export const headers = publicPageHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const team = await apiPage((api) =>
    api.GET('/api/v1/teams/{teamUri}', {
      params: { path: { teamUri: params.teamUri }, query: { speciality: params.speciality || undefined } },
    }),
  );
  return { team };
}

function crumbs(plural: string, to: ReturnType<typeof paths>, team: TeamPage) {
  return [
    { name: 'Accueil', path: '/' },
    { name: plural.charAt(0).toUpperCase() + plural.slice(1), path: to.directory },
    ...(team.city ? [{ name: team.city.name, path: to.city(team.city.cityUri) }] : []),
    { name: team.name, path: to.office(team.teamUri) },
    ...(team.speciality
      ? [{ name: team.speciality.name, path: to.office(team.teamUri, team.speciality.slug) }]
      : []),
  ];
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const { team } = loaderData;
  const to = paths(sector.routes);
  const where = team.city ? ` à ${team.city.name}` : '';
  const n = team.professionals.length;
  const title = team.speciality ? `${team.name}${where} – ${team.speciality.name}` : `${team.name}${where}`;
  const description = `${team.name}${where} : ${n} ${n > 1 ? sector.words.plural : sector.words.singular}${
    team.speciality ? ` (${team.speciality.name})` : ''
  }. Adresse, ${sector.specialitiesLabel.toLowerCase()} et prise de rendez-vous en ligne.`;
  return [
    ...pageMeta(matches, {
      title,
      description,
      path: to.office(team.teamUri, team.speciality?.slug),
      noindex: n === 0,
    }),
    { 'script:ld+json': officeJsonLd(sector, publicUrl, team) },
    { 'script:ld+json': breadcrumbJsonLd(publicUrl, crumbs(sector.words.plural, to, team)) },
  ];
}

export default function OfficePage({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { team } = loaderData;
  const online = team.professionals.filter((p) => p.accepts_online_booking).length;
  // Colleagues who take online booking mean the city has some: point to the city's listing (the API
  // lists them first). Otherwise we do not know, so no link.
  const othersHref = online > 0 && team.city ? to.city(team.city.cityUri) : null;
  return (
    <div className="container page">
      <Breadcrumbs items={crumbs(sector.words.plural, to, team)} />
      <section className="card office" aria-labelledby="office-name">
        {team.picture && (
          // The 400 px square for sharp screens, the 160 px one otherwise; sized so nothing moves.
          <img
            className="office__picture"
            src={team.picture}
            srcSet={`${team.picture.replace(/-400\.webp$/, '-160.webp')} 160w, ${team.picture} 400w`}
            sizes="(max-width: 600px) 96px, 160px"
            width={160}
            height={160}
            alt=""
          />
        )}
        <p className="office__kind">
          {sector.words.office.charAt(0).toUpperCase() + sector.words.office.slice(1)}
          {team.city ? ` · ${team.city.name}` : ''}
        </p>
        <h1 id="office-name">{team.name}</h1>
        {(team.street || team.postalCode || team.city) && (
          <address className="office__address">
            {team.street && (
              <>
                {team.street}
                <br />
              </>
            )}
            {[team.postalCode, team.city?.name].filter(Boolean).join(' ')}
          </address>
        )}
        {team.presentation && (
          <div className="prose">
            {team.presentation.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        )}
        {team.ext_id && (
          <p className="muted office__number">
            {officeIdentifierOf(sector).name} : {formatOfficeIdentifier(sector, team.ext_id)}
          </p>
        )}
      </section>

      {team.specialities.length > 1 && (
        <nav className="filter-chips" aria-label={`Filtrer par ${sector.specialitiesLabel.toLowerCase()}`}>
          <ul className="chips">
            <li>
              <Link
                to={to.office(team.teamUri)}
                className="chip chip--link"
                aria-current={team.speciality ? undefined : 'page'}
              >
                Tous
              </Link>
            </li>
            {team.specialities.map((s) => (
              <li key={s.slug}>
                <Link
                  to={to.office(team.teamUri, s.slug)}
                  className="chip chip--link"
                  aria-current={team.speciality?.slug === s.slug ? 'page' : undefined}
                >
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <section aria-labelledby="team-title" id="equipe" className="team">
        <h2 id="team-title">
          {team.speciality
            ? withSpeciality(`Les ${sector.words.plural}`, '', team.speciality.name)
            : `Les ${sector.words.plural} ${ofOffice(sector)}`}
        </h2>
        {team.professionals.length === 0 ? (
          <p className="notice" role="status">
            Aucun {sector.words.singular} trouvé pour votre recherche.{' '}
            <Link to={to.office(team.teamUri)}>Voir toute l’équipe</Link>
          </p>
        ) : (
          <ul className="results__list results__list--grid">
            {team.professionals.map((pro, i) => (
              <li key={pro._id} className="results__item">
                <ProfessionalCard
                  pro={pro}
                  sector={sector}
                  othersHref={othersHref}
                  eager={i < 2}
                  showOffice={false}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {(team.street || team.city) && (
        <Suspense>
          <PlaceMap
            heading="Plan d’accès"
            title={`Plan : ${team.name}`}
            places={[{ item: team, id: team._id, label: team.name }]}
          />
        </Suspense>
      )}
    </div>
  );
}

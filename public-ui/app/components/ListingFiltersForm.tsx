import { Link } from 'react-router';
import { LANGUAGES } from '../lib/directory';
import { filterQuery, isFiltered, modeChoices, toggled, type ListingFilters } from '../lib/listing-filters';
import { useSector } from '../lib/root-data';
import { AroundMeButton } from './AroundMeButton';

/**
 * The listing's filters: quick links for the usual asks, and the whole form (a plain GET, so it works
 * without JavaScript). Filtered URLs are noindex and keep the city page as canonical (see meta()); the
 * links are nofollow so crawlers do not walk the combinations.
 */
export function ListingFiltersForm({
  basePath,
  filters,
  radius,
}: {
  basePath: string;
  filters: ListingFilters;
  /** A radius the visitor chose for the nearby section, kept through the filters. */
  radius?: number;
}) {
  const sector = useSector();
  const keep: Record<string, string> = radius ? { rayon: String(radius) } : {};
  // Visio and legal aid only where the sector has them (groomers have neither).
  const quick: Array<[keyof ListingFilters, string, string]> = [
    ...(sector.remoteAppointments
      ? [['mode', 'visio', 'En visio'] as [keyof ListingFilters, string, string]]
      : []),
    ['dispo', 'semaine', 'Disponible cette semaine'],
    ...(sector.legalAid
      ? [['aj', '1', 'Aide juridictionnelle'] as [keyof ListingFilters, string, string]]
      : []),
    ['tri', 'creneau', 'Premier créneau d’abord'],
    ['tri', 'proches', 'Les plus proches'],
  ];
  return (
    <section className="listing-filters" aria-label="Affiner la recherche">
      <ul className="chips">
        {quick.map(([key, value, label]) => (
          <li key={`${key}-${value}`}>
            <Link
              to={`${basePath}${filterQuery(toggled(filters, key, value), keep)}`}
              className="chip chip--link"
              aria-current={filters[key] === value ? 'true' : undefined}
              rel="nofollow"
            >
              {label}
            </Link>
          </li>
        ))}
        <AroundMeButton basePath={basePath} filters={filters} keep={keep} />
        {isFiltered(filters) && (
          <li>
            <Link to={`${basePath}${filterQuery({}, keep)}`} className="chip chip--link" rel="nofollow">
              Effacer les filtres
            </Link>
          </li>
        )}
      </ul>
      <details className="listing-filters__more">
        <summary>Plus de filtres</summary>
        <form method="get" action={basePath} className="filter">
          {radius ? <input type="hidden" name="rayon" value={radius} /> : null}
          {/* Kept only while the order stays "nearest first" (readFilters ignores it otherwise). */}
          {filters.autour ? <input type="hidden" name="autour" value={filters.autour} /> : null}
          <div className="filter__row">
            <label>
              Rendez-vous
              <select name="mode" defaultValue={filters.mode ?? ''}>
                <option value="">Tous</option>
                {modeChoices(sector).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Langue parlée
              <select name="langue" defaultValue={filters.langue ?? ''}>
                <option value="">Toutes</option>
                {Object.entries(LANGUAGES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name.charAt(0).toUpperCase() + name.slice(1)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Trier par
              <select name="tri" defaultValue={filters.tri ?? ''}>
                <option value="">Pertinence</option>
                <option value="creneau">Premier créneau disponible</option>
                <option value="proches">Les plus proches</option>
              </select>
            </label>
          </div>
          <div className="filter__row">
            <label>
              <input
                type="checkbox"
                name="dispo"
                value="semaine"
                defaultChecked={filters.dispo === 'semaine'}
              />{' '}
              Disponible cette semaine
            </label>
            {sector.legalAid && (
              <label>
                <input type="checkbox" name="aj" value="1" defaultChecked={filters.aj === '1'} /> Accepte
                l’aide juridictionnelle
              </label>
            )}
          </div>
          <button type="submit" className="button button--primary">
            Appliquer
          </button>
        </form>
      </details>
    </section>
  );
}

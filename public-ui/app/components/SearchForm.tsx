import { useId } from 'react';
import type { Sector } from '@rdv/sectors';
import { CityInput } from './CityInput';
import { SpecialitySelect } from './SpecialitySelect';

export interface SearchSpeciality {
  slug: string;
  name: string;
}

/**
 * Search by location: a city and an optional speciality. A plain GET form so it works before
 * (or without) JavaScript; the directory route resolves `ville` to a city page.
 */
export function SearchForm({
  sector,
  specialities,
  city = '',
  speciality = '',
}: {
  sector: Sector;
  specialities: SearchSpeciality[];
  /** Values to show again, e.g. from the query string of the directory page. */
  city?: string;
  speciality?: string;
}) {
  const id = useId();
  return (
    <form className="search-form" method="get" action={`/${sector.routes.directory}`} role="search">
      <div className="field">
        <label htmlFor={`${id}-ville`}>Ville ou code postal</label>
        <CityInput id={`${id}-ville`} defaultValue={city} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-specialite`}>{sector.specialitiesLabel}</label>
        <SpecialitySelect id={`${id}-specialite`} specialities={specialities} chosen={speciality} />
      </div>
      <button type="submit" className="button button--primary search-form__submit">
        Rechercher
      </button>
    </form>
  );
}

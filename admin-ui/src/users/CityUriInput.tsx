import { useMemo, useState } from 'react';
import { AutocompleteInput, useGetList, useRecordContext } from 'react-admin';

interface CityChoice {
  cityUri: string;
  name: string;
  postalCodes: string[];
}

const label = (city: CityChoice) =>
  city.postalCodes?.length ? `${city.name} (${city.postalCodes[0]})` : city.name;

/**
 * The practice commune of a professional. The API takes `city_uri`, so the choices are the console's
 * `cities` (searched as the admin types) keyed by their URI, plus the professional's current commune.
 */
export function CityUriInput() {
  const record = useRecordContext<{ city?: CityChoice | null }>();
  const [search, setSearch] = useState('');
  const { data } = useGetList<CityChoice & { id: number }>(
    'cities',
    {
      filter: { q: search },
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'population', order: 'DESC' },
    },
    { enabled: search.trim().length >= 2 },
  );
  const choices = useMemo(() => {
    const found = (data ?? []).map(({ cityUri, name, postalCodes }) => ({ cityUri, name, postalCodes }));
    const current = record?.city;
    return current && !found.some((c) => c.cityUri === current.cityUri) ? [current, ...found] : found;
  }, [data, record]);
  return (
    <AutocompleteInput
      source="city_uri"
      choices={choices}
      optionValue="cityUri"
      optionText={label}
      onInputChange={(_event, value) => setSearch(value)}
      filterToQuery={() => ({})}
      shouldRenderSuggestions={(value: string) => value.trim().length >= 2}
      helperText="La commune où il exerce : sa page de ville l’affiche"
      fullWidth
    />
  );
}

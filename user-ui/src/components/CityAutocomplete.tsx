import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { referenceApi, type CitySuggestion } from '../api/reference';

/** The commune as a form holds it: what the API needs (`cityUri`) and what the field shows. */
export type CityChoice = Pick<CitySuggestion, 'cityUri' | 'name'> & { postalCodes: string[] };

const cityLabel = (city: CityChoice) =>
  city.postalCodes.length ? `${city.name} (${city.postalCodes[0]})` : city.name;

/** Communes matching what the professional types (2 characters at least), most populated first. */
function useCitySuggestions(input: string) {
  const q = input.trim();
  return useQuery({
    queryKey: ['city-autocomplete', q],
    queryFn: ({ signal }) => referenceApi.cities(q, signal),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
}

/** A commune picked among the 34,000 by typing its first letters (GET /cities/autocomplete). */
export function CityAutocomplete({
  value,
  onChange,
  label,
  helperText,
  required,
  postalCode,
}: {
  value: CityChoice | null;
  onChange: (city: CityChoice | null) => void;
  label: string;
  helperText?: string;
  required?: boolean;
  /** The form's postal code field: an empty one gets the chosen commune's first code (which can be changed). */
  postalCode?: { current: () => string; fill: (code: string) => void };
}) {
  const [input, setInput] = useState('');
  const cities = useCitySuggestions(input);
  return (
    <Autocomplete<CityChoice>
      value={value}
      onChange={(_event, city) => {
        onChange(city);
        if (city && postalCode && !postalCode.current() && city.postalCodes[0])
          postalCode.fill(city.postalCodes[0]);
      }}
      onInputChange={(_event, typed) => setInput(typed)}
      options={cities.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={cityLabel}
      isOptionEqualToValue={(option, chosen) => option.cityUri === chosen.cityUri}
      loading={cities.isFetching}
      noOptionsText={input.trim().length < 2 ? 'Tapez au moins 2 lettres' : 'Aucune commune trouvée'}
      loadingText="Recherche…"
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} helperText={helperText} />
      )}
    />
  );
}

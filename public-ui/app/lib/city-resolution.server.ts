import { fetchCitySuggestions } from './directory.server';
import { communeSearchSlug } from '@rdv/sectors';
import { slugify, type CitySuggestion } from './directory';

export type CityResolution =
  | { kind: 'found'; cityUri: string }
  | { kind: 'choose'; suggestions: CitySuggestion[] }
  | { kind: 'unknown' };

/**
 * What the visitor typed in "Ville ou code postal" (a name, "Lyon (69)" as the suggestions show
 * it, a postal code, or a cityUri from a city page's filter) -> one city, a short list to choose
 * from, or nothing. Uses GET /api/v1/cities/autocomplete (most populated first).
 */
export async function resolveCity(raw: string): Promise<CityResolution> {
  const text = raw.trim().slice(0, 60);
  // "Saint-Denis (93)": the department in brackets picks among homonyms.
  const bracket = /^(.*?)\s*\((\d[0-9AB]|\d{3})\)\s*$/i.exec(text);
  const name = (bracket ? bracket[1] : text).trim();
  const department = bracket ? bracket[2].toUpperCase() : null;
  if (name.length < 2) return { kind: 'unknown' };

  const suggestions = await fetchCitySuggestions(name, 20);
  if (suggestions.length === 0) return { kind: 'unknown' };

  // "st etienne" names Saint-Étienne: compared with its abbreviations spelled out, as the API searched it.
  const wanted = communeSearchSlug(name);
  const inDepartment = (s: CitySuggestion) => !department || s.departmentCode === department;
  // A postal code names its communes: the most populated one (first) when several share it.
  if (/^\d{5}$/.test(name)) {
    const byCode = suggestions.filter((s) => s.postalCodes.includes(name));
    if (byCode.length === 1) return { kind: 'found', cityUri: byCode[0].cityUri };
    if (byCode.length > 1) return { kind: 'choose', suggestions: byCode };
  }
  const exact = suggestions.filter(
    (s) =>
      (slugify(s.name) === wanted || s.cityUri === wanted || s.cityUri === slugify(name)) && inDepartment(s),
  );
  if (exact.length >= 1) {
    // Homonyms: the one with professionals, else the most populated (the API's order).
    const withPros = exact.find((s) => s.count > 0);
    return { kind: 'found', cityUri: (withPros ?? exact[0]).cityUri };
  }
  const candidates = suggestions.filter(inDepartment);
  if (candidates.length === 1) return { kind: 'found', cityUri: candidates[0].cityUri };
  return candidates.length > 0
    ? { kind: 'choose', suggestions: candidates.slice(0, 8) }
    : { kind: 'unknown' };
}

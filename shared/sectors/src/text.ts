/** Identifiers the API hands out: UUIDs of any version. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/**
 * The URL slug of a name, as the API builds `cityUri`, `userUri`, `teamUri` and speciality slugs:
 * `Saint-Étienne` -> `saint-etienne`, `L'Haÿ-les-Roses` -> `l-hay-les-roses`, `Œuilly` -> `oeuilly`.
 */
export function slugify(value: string): string {
  return value
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Abbreviations visitors type in commune names ("st etienne", "ste foy", "chalons s marne"). */
const COMMUNE_ABBREVIATIONS: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  sts: 'saints',
  stes: 'saintes',
  s: 'sur',
};

/**
 * A commune name as a visitor typed it, in slug form with its abbreviations spelled out: `St Étienne` ->
 * `saint-etienne`. The commune search and the site's city resolution both compare names in this form.
 */
export function communeSearchSlug(value: string): string {
  return slugify(value)
    .split('-')
    .map((word) => COMMUNE_ABBREVIATIONS[word] ?? word)
    .join('-');
}

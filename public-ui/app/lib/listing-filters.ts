import { atOffice, type Sector } from '@rdv/sectors';
import { localDay, addDays } from './dates';

/**
 * The filters of a city listing, as its URL carries them (French words, so they read well in a shared
 * link): `mode=visio`, `langue=en`, `dispo=semaine`, `aj=1`, `tri=creneau` or `tri=proches` (with
 * `autour=48.391,-4.486`, the visitor's position, when they shared it). Values the page does not offer
 * are ignored, never an error: the page is then the unfiltered one.
 */
export interface ListingFilters {
  mode?: 'cabinet' | 'visio' | 'telephone';
  langue?: string;
  dispo?: 'semaine';
  aj?: '1';
  tri?: 'creneau' | 'proches';
  autour?: string;
}

/** `autour`: a latitude and a longitude with at most 4 decimals (about 10 m), comma-separated. */
const POSITION = /^(-?\d{1,2}(?:\.\d{1,4})?),(-?\d{1,3}(?:\.\d{1,4})?)$/;

function readPosition(text: string | undefined): { lat: number; lng: number } | undefined {
  const match = text ? POSITION.exec(text) : null;
  if (!match) return undefined;
  const [lat, lng] = [Number(match[1]), Number(match[2])];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

/** The visitor's position as `autour` carries it: rounded to 3 decimals (about 100 m), no more precise than needed. */
export function positionParam(latitude: number, longitude: number): string {
  return `${latitude.toFixed(3)},${longitude.toFixed(3)}`;
}

/**
 * The appointment modes a visitor may filter on: "Au cabinet" / "À l’étude" / "Au salon" (the URL keeps
 * `mode=cabinet` in every sector), then visio and phone where the sector offers them.
 */
export function modeChoices(sector: Sector): Array<[NonNullable<ListingFilters['mode']>, string]> {
  const at = atOffice(sector);
  const inPerson: [NonNullable<ListingFilters['mode']>, string] = [
    'cabinet',
    at.charAt(0).toUpperCase() + at.slice(1),
  ];
  if (!sector.remoteAppointments) return [inPerson];
  return [inPerson, ['visio', 'En visio'], ['telephone', 'Par téléphone']];
}

const API_MODES = { cabinet: 'in_person', visio: 'visio', telephone: 'phone' } as const;

export function readFilters(url: URL): ListingFilters {
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  const mode = get('mode');
  const langue = get('langue');
  const tri = get('tri');
  const autour = tri === 'proches' && readPosition(get('autour')) ? get('autour') : undefined;
  return {
    ...(mode === 'cabinet' || mode === 'visio' || mode === 'telephone' ? { mode } : {}),
    ...(langue && /^[a-z]{2}$/.test(langue) ? { langue } : {}),
    ...(get('dispo') === 'semaine' ? { dispo: 'semaine' as const } : {}),
    ...(get('aj') === '1' ? { aj: '1' as const } : {}),
    ...(tri === 'creneau' || tri === 'proches' ? { tri } : {}),
    ...(autour ? { autour } : {}),
  };
}

export function isFiltered(filters: ListingFilters): boolean {
  return Object.keys(filters).length > 0;
}

/** The search API's parameters for these filters; "cette semaine" = a free slot within the next 7 days (Paris). */
export function apiFilters(filters: ListingFilters, now = new Date()) {
  return {
    mode: filters.mode ? API_MODES[filters.mode] : undefined,
    language: filters.langue,
    legalAid: filters.aj ? ('true' as const) : undefined,
    availableBefore: filters.dispo ? addDays(localDay(now), 6) : undefined,
    sort:
      filters.tri === 'creneau'
        ? ('soonest' as const)
        : filters.tri === 'proches'
          ? ('nearest' as const)
          : undefined,
    ...(filters.tri === 'proches' ? readPosition(filters.autour) : undefined),
  };
}

/** `?mode=visio&aj=1` (or ''), to append to the page's links so a filtered listing stays filtered. */
export function filterQuery(filters: ListingFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(filters as Record<string, string>), ...extra });
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The same filters with one switched on or off (the quick links above the listing). */
export function toggled(filters: ListingFilters, key: keyof ListingFilters, value: string): ListingFilters {
  const next = { ...filters } as Record<string, string>;
  if (next[key] === value) delete next[key];
  else next[key] = value;
  // The position belongs to "nearest first": it goes when that order does.
  if (next.tri !== 'proches') delete next.autour;
  return next as ListingFilters;
}

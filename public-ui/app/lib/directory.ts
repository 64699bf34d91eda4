/**
 * Shapes of the directory API (backend/src/modules/directory, content, geo, seo) as the pages
 * use them (aliases of the generated API types), and small pure helpers shared by the server loaders and the components.
 */
import type { Schemas } from '@rdv/api-client';
import { renderedList } from './server-rendered';

export type Modes = Schemas['ModesDto'];
export type Slot = Schemas['SlotDto'];
export type ProfessionalCard = Schemas['ProfessionalCardDto'];
export type SearchResult = Schemas['SearchResultDto'];

/**
 * What a card renders of a professional (ProfessionalCard): the API's card without the slots' ends and the
 * commune's slug and department. `nextSlots` absent: the card's slots are filled in by the browser
 * (components/CardSlots.tsx, which finds the professional by `_id`), as on the listings.
 */
export type ListedCard = Omit<ProfessionalCard, 'nextSlots' | 'city'> & {
  nextSlots?: Array<Pick<Slot, 'start'>>;
  city: { name: string } | null;
  distanceKm?: number;
};

/** What a listing's map draws of a card: its marker's place, label and card. */
export type MapCard = Pick<
  ListedCard,
  'userUri' | 'first_name' | 'last_name' | 'latitude' | 'longitude' | 'locationPrecision'
>;

/**
 * A search card cut down to what a listing's card renders (ListedCard): no slots (the browser asks for them),
 * and the motives only for online booking.
 */
export function listingCard(pro: ProfessionalCard & { distanceKm?: number }): ListedCard {
  const { nextSlots: _slots, city, motives, ...card } = pro;
  return {
    ...card,
    city: city && { name: city.name },
    // Shown only for online booking (with the slots).
    motives: pro.accepts_online_booking ? motives : [],
  };
}

/**
 * A search answer as the city listing's loader hands it to the page: each list's cards through `renderedList`
 * (in the markup; in the data of a client-side navigation only, lib/server-rendered.ts), and the map's part of the
 * page's own results, sent either way.
 */
export function listedSearch(request: Request, result: SearchResult) {
  const cards = (items: SearchResult['items']) => renderedList(request, items.map(listingCard));
  return {
    result: {
      ...result,
      items: cards(result.items),
      nearby: result.nearby && { ...result.nearby, items: cards(result.nearby.items) },
      remote: result.remote && { ...result.remote, items: cards(result.remote.items) },
    },
    mapCards: result.items.map(mapCard),
  };
}

/** The map's part of a listing's cards: sent with the page even when the cards' data is not. */
export function mapCard({
  userUri,
  first_name,
  last_name,
  latitude,
  longitude,
  locationPrecision,
}: MapCard): MapCard {
  return { userUri, first_name, last_name, latitude, longitude, locationPrecision };
}
export type DepartmentCities = Schemas['DepartmentCitiesDto'];
export type CitySuggestion = Schemas['CitySuggestionDto'];
export type Office = Schemas['OfficeDto'];
export type Profile = Schemas['ProfileDto'];
export type TeamPage = Schemas['TeamPageDto'];
export type Rating = Schemas['ProfessionalRatingDto'];
export type NearestCity = Schemas['NearestCityDto'];
export type SitemapEntry = Schemas['SitemapEntryDto'];

/**
 * A slot's link: the profile's booking section with the slot chosen (`?creneau=`, read by the booking dialog).
 * The start's colons stay as they are (a query may hold them); its `+` must not (it would read as a space).
 */
export function slotHref(profileHref: string, start: string): string {
  return `${profileHref}?creneau=${encodeURIComponent(start).replace(/%3A/g, ':')}#prendre-rendez-vous`;
}

/** Listing page size: 20 per page (desktop); the small breakpoint shows them 10 at a time (see README). */
export const PER_PAGE = 20;
export const MOBILE_STEP = 10;

export function fullName(p: { first_name: string; last_name: string }): string {
  return `${p.first_name} ${p.last_name}`.trim();
}

/**
 * A card, profile or office a map can place (its coordinates are known). The map's chunk builds the point
 * (lib/map's pointOf); this check is all a page's first load needs to offer the map. JSON numbers are finite.
 */
export function hasPosition(item: { latitude?: number | null; longitude?: number | null }): boolean {
  return typeof item.latitude === 'number' && typeof item.longitude === 'number';
}

export function initials(p: { first_name: string; last_name: string }): string {
  return `${p.first_name.charAt(0)}${p.last_name.charAt(0)}`.toUpperCase();
}

/** How far "nearby" reaches on a city page (`?rayon=`), as the API allows; 50 km by default. */
export const NEARBY_RADII_KM = [10, 20, 50] as const;
export const DEFAULT_RADIUS_KM = 50;

/** `?rayon=N` when it is one of the offered radii, else null (the default applies). */
export function readRadius(url: URL): (typeof NEARBY_RADII_KM)[number] | null {
  const raw = Number(url.searchParams.get('rayon'));
  return NEARBY_RADII_KM.find((km) => km === raw) ?? null;
}

/** `?page=N` read strictly: a positive integer, or null when absent; NaN when malformed. */
export function readPage(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return null;
  return /^[1-9][0-9]{0,3}$/.test(raw) ? Number(raw) : Number.NaN;
}

/** Lower-case, no accents, words joined by '-' (the API's cityUri / slug shape). */
export { slugify } from '@rdv/sectors';

export const LANGUAGES: Record<string, string> = {
  fr: 'français',
  en: 'anglais',
  de: 'allemand',
  es: 'espagnol',
  it: 'italien',
  pt: 'portugais',
  ar: 'arabe',
  zh: 'chinois',
  ru: 'russe',
  nl: 'néerlandais',
  pl: 'polonais',
  ro: 'roumain',
  tr: 'turc',
  he: 'hébreu',
  ja: 'japonais',
};

/** "fr" -> "français"; unknown codes through Intl, else as given. */
export function languageName(code: string): string {
  const known = LANGUAGES[code.toLowerCase()];
  if (known) return known;
  try {
    return new Intl.DisplayNames(['fr'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "+33478000000" -> "04 78 00 00 00"; other countries keep their international form, grouped. */
export function formatPhone(e164: string): string {
  const digits = e164.replace(/[^\d+]/g, '');
  const fr = /^\+33(\d{9})$/.exec(digits);
  if (fr) return `0${fr[1]}`.replace(/(\d{2})(?=\d)/g, '$1 ');
  return e164;
}

const TIME_ZONE = 'Europe/Paris';

// Formatters built once: an Intl.DateTimeFormat costs far more to build than to use, and a listing
// page formats some hundred slot times (16 % of the gateway's CPU in its profile).
const DAY_SHORT = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: TIME_ZONE,
});
const HOUR_MINUTE = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const DATE_LONG = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/** "mar. 24 nov." in Paris time (docs/product.md §9: dates in Europe/Paris). */
export function slotDay(iso: string): string {
  return DAY_SHORT.format(new Date(iso));
}

/** "09:30" in Paris time. */
export function slotTime(iso: string): string {
  return HOUR_MINUTE.format(new Date(iso));
}

export function dateLong(iso: string): string {
  return DATE_LONG.format(new Date(iso));
}

/** Route paths of the sector. */
export function paths(routes: { directory: string; profile: string; office: string; guide: string }) {
  return {
    directory: `/${routes.directory}`,
    city: (cityUri: string, speciality?: string | null) =>
      `/${routes.directory}/${cityUri}${speciality ? `/${speciality}` : ''}`,
    department: (code: string) => `/${routes.directory}/departement/${code.toLowerCase()}`,
    profile: (userUri: string) => `/${routes.profile}/${userUri}`,
    office: (teamUri: string, speciality?: string | null) =>
      `/${routes.office}/${teamUri}${speciality ? `/${speciality}` : ''}`,
    guide: `/${routes.guide}`,
    article: (slug: string) => `/${routes.guide}/${slug}`,
  };
}

/** `path` with `?page=N` for N > 1 (page 1 is the bare path: one URL per page). */
export function pageHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/**
 * A heading with a speciality, in natural French: "Avocats en droit pénal à Lyon" for the lawyers'
 * "Droit ..." specialities, "Notaires à Lyon : Gestion de patrimoine" for the others.
 */
export function withSpeciality(base: string, where: string, speciality: string | null | undefined): string {
  if (!speciality) return `${base}${where}`;
  if (/^droit\b/i.test(speciality))
    return `${base} en ${speciality.charAt(0).toLowerCase()}${speciality.slice(1)}${where}`;
  return `${base}${where} : ${speciality}`;
}

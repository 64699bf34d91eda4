import type { Sector } from '@rdv/sectors';
import { fullName, paths, type Office, type Profile, type Rating, type TeamPage } from './directory';

type JsonLd = Record<string, unknown>;

/** schema.org BreadcrumbList from [name, path] pairs (the last one is the current page). */
export function breadcrumbJsonLd(publicUrl: string, items: Array<{ name: string; path: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${publicUrl}${item.path}`,
    })),
  };
}

/**
 * AggregateRating only from reviews collected by the product, and only when there is at
 * least one: a rating of 0 out of 0 reviews is invalid markup (and misleading).
 */
export function aggregateRatingJsonLd(
  rating: (Rating & { reviewCount?: number }) | null | undefined,
): JsonLd | undefined {
  if (!rating || !(rating.ratingCount > 0) || !(rating.ratingValue > 0)) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: rating.ratingValue,
    ratingCount: rating.ratingCount,
    reviewCount: rating.reviewCount ?? rating.ratingCount,
    bestRating: rating.bestRating ?? 5,
    worstRating: rating.worstRating ?? 1,
  };
}

function postalAddress(office: Office | null): JsonLd | undefined {
  if (!office || (!office.street && !office.city)) return undefined;
  return {
    '@type': 'PostalAddress',
    ...(office.street ? { streetAddress: office.street } : {}),
    ...(office.postalCode ? { postalCode: office.postalCode } : {}),
    ...(office.city ? { addressLocality: office.city.name } : {}),
    addressCountry: 'FR',
  };
}

function absolute(publicUrl: string, picture: string | null): string | undefined {
  if (!picture) return undefined;
  return /^https?:\/\//.test(picture)
    ? picture
    : `${publicUrl}${picture.startsWith('/') ? '' : '/'}${picture}`;
}

/** A professional's profile: LegalService (lawyers, bailiffs), Notary or LocalBusiness (sector.schemaType). */
export function professionalJsonLd(sector: Sector, publicUrl: string, profile: Profile): JsonLd {
  const to = paths(sector.routes);
  const url = `${publicUrl}${to.profile(profile.userUri)}`;
  const address = postalAddress(profile.office);
  const rating = aggregateRatingJsonLd(profile.rating);
  const image = absolute(publicUrl, profile.picture);
  return {
    '@context': 'https://schema.org',
    '@type': sector.schemaType,
    '@id': url,
    name: fullName(profile),
    url,
    ...(profile.presentation_title ? { description: profile.presentation_title } : {}),
    ...(image ? { image } : {}),
    ...(address ? { address } : {}),
    ...(profile.city ? { areaServed: { '@type': 'City', name: profile.city.name } } : {}),
    ...(profile.specialities.length ? { knowsAbout: profile.specialities.map((s) => s.name) } : {}),
    ...(profile.spoken_languages.length ? { knowsLanguage: profile.spoken_languages } : {}),
    ...(profile.office
      ? {
          parentOrganization: {
            '@type': sector.schemaType,
            name: profile.office.name,
            url: `${publicUrl}${to.office(profile.office.teamUri)}`,
          },
        }
      : {}),
    ...(rating ? { aggregateRating: rating } : {}),
  };
}

/** An office with its professionals as employees. */
export function officeJsonLd(sector: Sector, publicUrl: string, team: TeamPage): JsonLd {
  const to = paths(sector.routes);
  const url = `${publicUrl}${to.office(team.teamUri)}`;
  const address = postalAddress(team);
  return {
    '@context': 'https://schema.org',
    '@type': sector.schemaType,
    '@id': url,
    name: team.name,
    url,
    ...(team.presentation ? { description: team.presentation.slice(0, 300) } : {}),
    ...(team.picture ? { image: absolute(publicUrl, team.picture) } : {}),
    ...(address ? { address } : {}),
    ...(team.specialities.length ? { knowsAbout: team.specialities.map((s) => s.name) } : {}),
    employee: team.professionals.map((p) => ({
      '@type': 'Person',
      name: fullName(p),
      url: `${publicUrl}${to.profile(p.userUri)}`,
    })),
  };
}

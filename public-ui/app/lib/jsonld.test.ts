import { describe, expect, it } from 'vitest';
import { getSector } from '@rdv/sectors';
import { aggregateRatingJsonLd, breadcrumbJsonLd, officeJsonLd, professionalJsonLd } from './jsonld';
import { profile, teamPage } from '../test-directory-fixtures';

const BASE = 'https://rdv.example';

describe('schema.org JSON-LD of a profile', () => {
  it.each([
    ['lawyer', 'LegalService'],
    ['bailiff', 'LegalService'],
    ['notary', 'Notary'],
    ['groomer', 'LocalBusiness'],
  ])('is a %s profile typed %s', (key, type) => {
    const ld = professionalJsonLd(getSector(key), BASE, profile());
    expect(ld['@type']).toBe(type);
  });

  it('names the professional, their URL, address, office and languages', () => {
    const ld = professionalJsonLd(getSector('lawyer'), BASE, profile());
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Marie Martin',
      url: 'https://rdv.example/avocat/marie-martin',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 rue de la République',
        postalCode: '69002',
        addressLocality: 'Lyon',
        addressCountry: 'FR',
      },
      parentOrganization: { name: 'Cabinet Martin', url: 'https://rdv.example/etude/cabinet-martin' },
      knowsLanguage: ['fr', 'en'],
    });
  });

  it('has no AggregateRating when the product collected no review', () => {
    expect(professionalJsonLd(getSector('lawyer'), BASE, profile())).not.toHaveProperty('aggregateRating');
    const zero = profile({ rating: { ratingValue: 0, ratingCount: 0, bestRating: 5, worstRating: 1 } });
    expect(professionalJsonLd(getSector('lawyer'), BASE, zero)).not.toHaveProperty('aggregateRating');
  });

  it('has an AggregateRating from the product’s reviews when there is at least one', () => {
    const rated = profile({ rating: { ratingValue: 4.6, ratingCount: 12, bestRating: 5, worstRating: 1 } });
    expect(professionalJsonLd(getSector('lawyer'), BASE, rated).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      ratingCount: 12,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe('schema.org JSON-LD of an office and breadcrumbs', () => {
  it('types the office with the sector type and lists its professionals', () => {
    const ld = officeJsonLd(getSector('notary'), BASE, teamPage());
    expect(ld['@type']).toBe('Notary');
    expect(ld.url).toBe('https://rdv.example/etude/cabinet-martin');
    expect(ld.employee).toEqual([
      { '@type': 'Person', name: 'Avocat N1', url: 'https://rdv.example/notaire/avocat-1' },
      { '@type': 'Person', name: 'Avocat N2', url: 'https://rdv.example/notaire/avocat-2' },
    ]);
    expect(ld.image).toBeUndefined();
  });

  it('shows the office photo as its image, as an absolute URL', () => {
    const ld = officeJsonLd(
      getSector('lawyer'),
      BASE,
      teamPage({ picture: '/api/v1/media/0123456789abcdef0123456789abcdef-400.webp' }),
    );
    expect(ld.image).toBe('https://rdv.example/api/v1/media/0123456789abcdef0123456789abcdef-400.webp');
  });

  it('numbers the breadcrumb items from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(BASE, [
        { name: 'Accueil', path: '/' },
        { name: 'Avocats', path: '/avocats' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://rdv.example/' },
        { '@type': 'ListItem', position: 2, name: 'Avocats', item: 'https://rdv.example/avocats' },
      ],
    });
  });

  it('gives no AggregateRating for a missing aggregate', () => {
    expect(aggregateRatingJsonLd(null)).toBeUndefined();
  });
});

describe('headings with a speciality', () => {
  it('reads naturally for the lawyers’ "Droit ..." specialities and for the others', async () => {
    const { withSpeciality } = await import('./directory');
    expect(withSpeciality('Avocats', ' à Lyon', 'Droit pénal')).toBe('Avocats en droit pénal à Lyon');
    expect(withSpeciality('Notaires', ' à Lyon', 'Gestion de patrimoine')).toBe(
      'Notaires à Lyon : Gestion de patrimoine',
    );
    expect(withSpeciality('Avocats', ' à Lyon', null)).toBe('Avocats à Lyon');
  });
});

import { describe, expect, it } from 'vitest';
import { getSector } from '@rdv/sectors';
import {
  apiFilters,
  filterQuery,
  isFiltered,
  modeChoices,
  positionParam,
  readFilters,
  toggled,
} from './listing-filters';

describe('listing filters', () => {
  it('reads the filters the page offers and ignores anything else', () => {
    const url = new URL(
      'https://rdv.example/avocats/brest?mode=visio&langue=en&dispo=semaine&aj=1&tri=creneau&x=1',
    );
    expect(readFilters(url)).toEqual({
      mode: 'visio',
      langue: 'en',
      dispo: 'semaine',
      aj: '1',
      tri: 'creneau',
    });
    const odd = new URL(
      'https://rdv.example/avocats/brest?mode=pigeon&langue=english&dispo=demain&aj=oui&tri=prix',
    );
    expect(readFilters(odd)).toEqual({});
    expect(isFiltered(readFilters(odd))).toBe(false);
  });

  it('asks the API for the same thing: "cette semaine" is a free slot within seven days, Paris time', () => {
    const now = new Date('2026-11-25T23:30:00Z'); // already the 26th in Paris
    expect(
      apiFilters({ mode: 'telephone', langue: 'ar', dispo: 'semaine', aj: '1', tri: 'creneau' }, now),
    ).toEqual({
      mode: 'phone',
      language: 'ar',
      legalAid: 'true',
      availableBefore: '2026-12-02',
      sort: 'soonest',
    });
    expect(apiFilters({})).toEqual({
      mode: undefined,
      language: undefined,
      legalAid: undefined,
      availableBefore: undefined,
      sort: undefined,
    });
  });

  it('switches one filter on and off in links', () => {
    expect(filterQuery(toggled({ aj: '1' }, 'mode', 'visio'))).toBe('?aj=1&mode=visio');
    expect(filterQuery(toggled({ mode: 'visio' }, 'mode', 'visio'))).toBe('');
    expect(filterQuery({}, { rayon: '20' })).toBe('?rayon=20');
  });

  it('sorts nearest first, from the visitor’s position only when it is well formed and goes with that order', () => {
    const url = (query: string) => new URL(`https://rdv.example/avocats/brest?${query}`);
    expect(readFilters(url('tri=proches&autour=48.391,-4.486'))).toEqual({
      tri: 'proches',
      autour: '48.391,-4.486',
    });
    expect(apiFilters({ tri: 'proches', autour: '48.391,-4.486' })).toMatchObject({
      sort: 'nearest',
      lat: 48.391,
      lng: -4.486,
    });
    // Without a position: from the commune's centre.
    expect(apiFilters({ tri: 'proches' })).toMatchObject({ sort: 'nearest' });
    expect(apiFilters({ tri: 'proches' })).not.toHaveProperty('lat');
    for (const odd of [
      'tri=proches&autour=95,2',
      'tri=proches&autour=48.3915678,2',
      'tri=proches&autour=paris',
    ])
      expect(readFilters(url(odd))).toEqual({ tri: 'proches' });
    expect(readFilters(url('tri=creneau&autour=48.391,-4.486'))).toEqual({ tri: 'creneau' });
    expect(positionParam(48.39123, -4.48567)).toBe('48.391,-4.486');
    // Leaving "nearest first" drops the position.
    expect(toggled({ tri: 'proches', autour: '48.391,-4.486' }, 'tri', 'proches')).toEqual({});
    expect(toggled({ tri: 'proches', autour: '48.391,-4.486' }, 'tri', 'creneau')).toEqual({
      tri: 'creneau',
    });
  });
});

describe('modeChoices', () => {
  it('names the in-person mode after the sector’s office, keeping mode=cabinet in the URL', () => {
    expect(modeChoices(getSector('lawyer'))).toEqual([
      ['cabinet', 'Au cabinet'],
      ['visio', 'En visio'],
      ['telephone', 'Par téléphone'],
    ]);
    expect(modeChoices(getSector('notary'))[0]).toEqual(['cabinet', 'À l’étude']);
  });
  it('offers groomers the salon only: no visio, no phone', () => {
    expect(modeChoices(getSector('groomer'))).toEqual([['cabinet', 'Au salon']]);
  });
});

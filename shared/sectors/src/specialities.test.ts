import { describe, expect, it } from 'vitest';
import {
  appointmentModesPhrase,
  atOffice,
  atOfficeLabel,
  GROOMER_ANIMALS,
  LAWYER_SPECIALITIES,
  ofOffice,
  SECTOR_KEYS,
  getSector,
  specialitiesFor,
  theOffice,
} from './index.js';

describe('specialitiesFor', () => {
  it('gives lawyers the 26 specialisation mentions of the arrêté of 30 December 2011', () => {
    expect(specialitiesFor('lawyer')).toHaveLength(26);
    expect(specialitiesFor('lawyer')).toContain('Droit pénal');
    expect(specialitiesFor('lawyer')).toBe(LAWYER_SPECIALITIES);
  });

  it('gives notaries family, estates, real estate, business and rural matters, and no lawyer mention', () => {
    const list = specialitiesFor('notary');
    expect(list).toEqual(
      expect.arrayContaining([
        'Droit de la famille',
        'Successions et donations',
        'Vente immobilière',
        'Droit des sociétés et des affaires',
        'Droit rural',
      ]),
    );
    expect(list).not.toContain('Droit pénal');
  });

  it('gives commissaires de justice findings, debt recovery, service of documents, evictions and auctions', () => {
    expect(specialitiesFor('bailiff')).toEqual(
      expect.arrayContaining([
        'Constats',
        'Recouvrement amiable de créances',
        "Signification d'actes",
        'Expulsions',
        'Ventes aux enchères publiques',
      ]),
    );
  });

  it('gives groomers their services first, then the animals they take', () => {
    const list = specialitiesFor('groomer');
    expect(list.slice(0, 4)).toEqual([
      'Toilettage complet',
      'Bain et brushing',
      'Tonte',
      'Coupe aux ciseaux',
    ]);
    expect(list.slice(-3)).toEqual([...GROOMER_ANIMALS]);
    expect(GROOMER_ANIMALS.join(' ')).toMatch(/Chiens.*Chats.*NAC/);
    expect(list.some((name) => name.startsWith('Droit'))).toBe(false);
  });

  it('has, in every sector, a non-empty list without duplicates', () => {
    for (const key of SECTOR_KEYS) {
      const list = specialitiesFor(key);
      expect(list.length).toBeGreaterThanOrEqual(8);
      expect(new Set(list).size).toBe(list.length);
      for (const name of list) expect(name.trim()).toBe(name);
    }
    // Only "Droit rural" is shared (lawyers and notaries both practise it).
    const lawyer = new Set<string>(specialitiesFor('lawyer'));
    expect(specialitiesFor('notary').filter((name) => lawyer.has(name))).toEqual(['Droit rural']);
    expect(specialitiesFor('bailiff').filter((name) => lawyer.has(name))).toEqual([]);
  });
});

describe('office wording', () => {
  it('says "au cabinet" / "du cabinet" for lawyers', () => {
    expect(atOffice(getSector('lawyer'))).toBe('au cabinet');
    expect(ofOffice(getSector('lawyer'))).toBe('du cabinet');
  });
  it('elides before "étude" for notaries and commissaires de justice', () => {
    expect(atOffice(getSector('notary'))).toBe('à l’étude');
    expect(ofOffice(getSector('bailiff'))).toBe('de l’étude');
  });
  it('names the office with its article, and as a list label', () => {
    expect(theOffice(getSector('lawyer'))).toBe('le cabinet');
    expect(theOffice(getSector('notary'))).toBe('l’étude');
    expect(atOfficeLabel(getSector('notary'))).toBe('À l’étude');
    expect(atOfficeLabel(getSector('groomer'))).toBe('Au salon');
  });
  it('says "au salon" for groomers', () => {
    expect(atOffice(getSector('groomer'))).toBe('au salon');
    expect(ofOffice(getSector('groomer'))).toBe('du salon');
  });
});

describe('appointmentModesPhrase', () => {
  it('offers visio and phone where the sector has them', () => {
    expect(appointmentModesPhrase(getSector('notary'))).toBe('à l’étude, en visio ou par téléphone');
    expect(appointmentModesPhrase(getSector('groomer'))).toBe('au salon');
  });
});

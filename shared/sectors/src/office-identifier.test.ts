import { describe, expect, it } from 'vitest';
import { FRENCH_BARS, barByKey, isBarKey } from './bars.js';
import { frenchMessageFor, SERVER_TEXTS } from './messages.js';
import {
  checkOfficeIdentifier,
  formatOfficeIdentifier,
  bareRegistrationNumber,
  isValidSiren,
  isValidSiret,
  officeIdentifierOf,
} from './office-identifier.js';
import { SECTORS } from './sectors.js';

describe('the SIREN printed on invoices', () => {
  it('takes 9 digits whose Luhn key holds, typed as printed', () => {
    expect(isValidSiren(bareRegistrationNumber('912 345 675'))).toBe(true);
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('356000000')).toBe(true);
    expect(isValidSiren('912345678')).toBe(false);
    expect(isValidSiren('91234567')).toBe(false);
    expect(isValidSiren('9123456750')).toBe(false);
    expect(isValidSiren('91234567a')).toBe(false);
  });
});

describe('the office number in each trade', () => {
  it('asks lawyers, commissaires de justice and groomers for a SIRET, notaries for a crpcen', () => {
    expect(officeIdentifierOf(SECTORS.lawyer)).toMatchObject({ kind: 'siret', label: 'SIRET du cabinet' });
    expect(officeIdentifierOf(SECTORS.bailiff).kind).toBe('siret');
    expect(officeIdentifierOf(SECTORS.groomer).label).toBe('SIRET du salon');
    expect(officeIdentifierOf(SECTORS.notary)).toMatchObject({ kind: 'crpcen' });
  });

  it('never words a lawyer’s number with the notaries’ words', () => {
    const texts = Object.values(officeIdentifierOf(SECTORS.lawyer)).join(' ').toLowerCase();
    expect(texts).not.toMatch(/crpcen|office|étude|notari/);
  });

  it('accepts a SIRET as printed (spaces) and checks its Luhn key', () => {
    expect(checkOfficeIdentifier(SECTORS.lawyer, '732 829 320 00074')).toEqual({
      ok: true,
      value: '73282932000074',
    });
    expect(checkOfficeIdentifier(SECTORS.lawyer, '73282932000075')).toMatchObject({ ok: false });
    expect(checkOfficeIdentifier(SECTORS.lawyer, '7328293200007')).toMatchObject({ ok: false });
    expect(checkOfficeIdentifier(SECTORS.lawyer, '69001')).toEqual({
      ok: false,
      message: officeIdentifierOf(SECTORS.lawyer).invalid,
    });
  });

  it('follows Insee’s rule for La Poste’s establishments (digits adding up to a multiple of 5)', () => {
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
  });

  it('takes a 5-digit crpcen for notaries', () => {
    expect(checkOfficeIdentifier(SECTORS.notary, '75062')).toEqual({ ok: true, value: '75062' });
    expect(checkOfficeIdentifier(SECTORS.notary, '73282932000074')).toMatchObject({ ok: false });
  });

  it('prints a SIRET in the Insee’s groups', () => {
    expect(formatOfficeIdentifier(SECTORS.lawyer, '73282932000074')).toBe('732 829 320 00074');
    expect(formatOfficeIdentifier(SECTORS.notary, '75062')).toBe('75062');
  });

  it('shows the API’s “ext_id already exists” in the sector’s words', () => {
    expect(frenchMessageFor(SERVER_TEXTS.extIdAlreadyExists, SECTORS.lawyer)).toBe(
      'Un cabinet avec ce SIRET existe déjà',
    );
    expect(frenchMessageFor(SERVER_TEXTS.extIdAlreadyExists, SECTORS.notary)).toBe(
      'Un office avec ce crpcen existe déjà',
    );
    expect(frenchMessageFor(SERVER_TEXTS.extIdAlreadyExists)).not.toMatch(/crpcen|office/);
  });
});

describe('the French bars', () => {
  it('lists each bar once, by a stable key', () => {
    expect(FRENCH_BARS.length).toBeGreaterThan(160);
    expect(new Set(FRENCH_BARS.map((bar) => bar.key)).size).toBe(FRENCH_BARS.length);
    for (const bar of FRENCH_BARS) expect(bar.label).toMatch(/^Barreau /);
  });

  it('finds a bar by its key and refuses an unknown one', () => {
    expect(barByKey('lyon')?.label).toBe('Barreau de Lyon');
    expect(isBarKey('hauts-de-seine')).toBe(true);
    expect(isBarKey('atlantide')).toBe(false);
    expect(barByKey(null)).toBeUndefined();
  });
});

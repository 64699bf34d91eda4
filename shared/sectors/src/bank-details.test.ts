import { describe, expect, it } from 'vitest';
import { bankDetailsProblems, maskIban, normalizeIban } from './index.js';

const VALID = { iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'bnpafrpp', holder: 'Claire Martin' };

describe('bank details (IBAN dialog)', () => {
  it('accepts a valid French IBAN typed with spaces and lower case, and masks it', () => {
    expect(bankDetailsProblems(VALID)).toEqual({});
    expect(normalizeIban(VALID.iban)).toBe('FR7630006000011234567890189');
    expect(maskIban(VALID.iban)).toBe('FR76 •••• 0189');
  });

  it('names each wrong field in French', () => {
    expect(
      bankDetailsProblems({ iban: 'FR7630006000011234567890188', bic: 'BNPAFRPP', holder: 'C. M.' }),
    ).toEqual({
      iban: 'Cet IBAN n’est pas valide : vérifiez-le caractère par caractère',
    });
    expect(bankDetailsProblems({ iban: 'FR76300060000112', bic: 'XX', holder: ' ' })).toEqual({
      iban: 'L’IBAN n’a pas la bonne longueur pour ce pays',
      bic: 'Ce BIC n’est pas valide (8 ou 11 caractères, ex. BNPAFRPPXXX)',
      holder: 'Veuillez renseigner le titulaire du compte',
    });
    expect(bankDetailsProblems({ iban: '', bic: '', holder: 'A'.repeat(141) })).toEqual({
      iban: 'Veuillez renseigner votre IBAN',
      bic: 'Veuillez renseigner le BIC de votre banque',
      holder: 'Le titulaire ne doit pas dépasser 140 caractères',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { getSector } from '@rdv/sectors';
import { atOffice, ofOffice } from './office-words';

describe('office wording', () => {
  it('says "au cabinet" / "du cabinet" for lawyers', () => {
    expect(atOffice(getSector('lawyer'))).toBe('au cabinet');
    expect(ofOffice(getSector('lawyer'))).toBe('du cabinet');
  });
  it('elides before "étude" for notaries', () => {
    expect(atOffice(getSector('notary'))).toBe('à l’étude');
    expect(ofOffice(getSector('notary'))).toBe('de l’étude');
  });
});

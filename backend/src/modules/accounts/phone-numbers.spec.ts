import { normalizePhone } from './phone-numbers';

describe(normalizePhone.name, () => {
  it.each([
    ['06 12 34 56 78', undefined, '+33612345678', 'FR'],
    ['+33 6 12 34 56 78', undefined, '+33612345678', 'FR'],
    ['0033612345678', 'FR', '+33612345678', 'FR'],
    ['0470 12 34 56', 'BE', '+32470123456', 'BE'],
    ['+32 470 12 34 56', undefined, '+32470123456', 'BE'],
    ['079 123 45 67', 'CH', '+41791234567', 'CH'],
    ['01 42 68 53 00', 'FR', '+33142685300', 'FR'],
  ] as const)('reads %s (%s) as %s', (raw, country, e164, expectedCountry) => {
    expect(normalizePhone(raw, country)).toEqual({ e164, country: expectedCountry });
  });

  it.each([
    ['+49 30 12345678', undefined],
    ['+1 202 555 0100', undefined],
    ['+32 470 12 34 56', 'FR'],
    ['06 12', 'FR'],
    ['not a number', undefined],
    ['', undefined],
    ['0'.repeat(41), undefined],
  ] as const)('refuses %s (%s)', (raw, country) => {
    expect(normalizePhone(raw, country)).toBeUndefined();
  });
});

describe('normalizePhone without country match', () => {
  it('reads national numbers in the given country but accepts any FR, BE or CH number', () => {
    expect(normalizePhone('+32 470 12 34 56', 'FR', false)).toEqual({ e164: '+32470123456', country: 'BE' });
    expect(normalizePhone('079 123 45 67', 'CH', false)).toEqual({ e164: '+41791234567', country: 'CH' });
    expect(normalizePhone('+49 30 12345678', 'FR', false)).toBeUndefined();
  });
});

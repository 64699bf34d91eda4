import { buildCityUris, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Lyon', 'lyon'],
    ['Saint-Étienne', 'saint-etienne'],
    ["L'Haÿ-les-Roses", 'l-hay-les-roses'],
    ['Œuilly', 'oeuilly'],
    ['Aix-en-Provence', 'aix-en-provence'],
    [
      '  Droit de la famille, des personnes et de leur patrimoine ',
      'droit-de-la-famille-des-personnes-et-de-leur-patrimoine',
    ],
  ])('%s -> %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('buildCityUris', () => {
  it('keeps a unique name as is, suffixes shared names with the department, then with the INSEE code', () => {
    const uris = buildCityUris([
      { inseeCode: '69123', name: 'Lyon', departmentCode: '69' },
      { inseeCode: '93066', name: 'Saint-Denis', departmentCode: '93' },
      { inseeCode: '97411', name: 'Saint-Denis', departmentCode: '974' },
      { inseeCode: '11001', name: 'Sainte-Foy', departmentCode: '11' },
      { inseeCode: '11002', name: 'Sainte Foy', departmentCode: '11' },
      { inseeCode: '12001', name: 'Sainte-Foy', departmentCode: '12' },
      { inseeCode: '2A004', name: 'Ajaccio', departmentCode: '2A' },
    ]);
    expect(Object.fromEntries(uris)).toEqual({
      '69123': 'lyon',
      '93066': 'saint-denis-93',
      '97411': 'saint-denis-974',
      '11001': 'sainte-foy-11001',
      '11002': 'sainte-foy-11002',
      '12001': 'sainte-foy-12',
      '2A004': 'ajaccio',
    });
  });

  it('does not depend on input order', () => {
    const communes = [
      { inseeCode: '93066', name: 'Saint-Denis', departmentCode: '93' },
      { inseeCode: '97411', name: 'Saint-Denis', departmentCode: '974' },
      { inseeCode: '69123', name: 'Lyon', departmentCode: '69' },
    ];
    expect(buildCityUris(communes)).toEqual(buildCityUris([...communes].reverse()));
  });
});

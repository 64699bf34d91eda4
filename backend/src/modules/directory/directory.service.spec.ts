import { departmentsOfPostalPrefix } from './directory.repository';
import { normalizeForSearch } from './directory.service';

describe('normalizeForSearch (mirror of the SQL search_normalize)', () => {
  it.each([
    ['Saint-Étienne', 'saint-etienne'],
    ['saint e', 'saint-e'],
    ['SAINT ÉT', 'saint-et'],
    ["L'Haÿ-les-Roses", 'l-hay-les-roses'],
    ['Œuilly', 'oeuilly'],
    ['  --Lyon--  ', 'lyon'],
    ['Châlons-en-Champagne', 'chalons-en-champagne'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeForSearch(input)).toBe(expected);
  });
});

describe('departmentsOfPostalPrefix', () => {
  it.each([
    ['69', ['69']],
    ['69003', ['69']],
    ['20000', ['2A', '2B']],
    ['974', ['974']],
    ['97', ['971', '972', '973', '974', '975', '976', '977', '978']],
  ])('%s -> %j', (prefix, expected) => {
    expect(departmentsOfPostalPrefix(prefix)).toEqual(expected);
  });
});

import { parseIdList, parseUserListQuery } from './list-query';

describe(parseUserListQuery.name, () => {
  it('reads ra-data-simple-rest sort, range and filter', () => {
    expect(
      parseUserListQuery({
        sort: '["email","desc"]',
        range: '[10,19]',
        filter: '{"q":" dup ","isActive":true}',
      }),
    ).toEqual({
      sort: { field: 'email', order: 'DESC' },
      offset: 10,
      limit: 10,
      filter: { q: 'dup', isActive: true },
    });
  });

  it('defaults to the first 25 by last name', () => {
    expect(parseUserListQuery({})).toEqual({
      sort: { field: 'last_name', order: 'ASC' },
      offset: 0,
      limit: 25,
      filter: {},
    });
  });

  it('caps a page at 500 rows', () => {
    expect(parseUserListQuery({ range: '[0,99999]' }).limit).toBe(500);
  });

  it.each([
    { sort: '["passwordHash","ASC"]' },
    { sort: '["email","SIDEWAYS"]' },
    { range: '[3,1]' },
    { range: '[0.5,2]' },
    { filter: '"q"' },
    { filter: '{"id":["x"]}' },
    { sort: '[' },
  ])('refuses %j', (query) => {
    expect(() => parseUserListQuery(query)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400 }),
    );
  });
});

describe(parseIdList.name, () => {
  it('accepts ids[]=, repeated ids= and comma lists', () => {
    expect(parseIdList({ 'ids[]': ['a', 'b'] })).toEqual(['a', 'b']);
    expect(parseIdList({ ids: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(parseIdList({ ids: 'a, b,' })).toEqual(['a', 'b']);
    expect(parseIdList({})).toEqual([]);
  });
});

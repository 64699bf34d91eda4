import { DomainError } from '../../common/domain-error';
import type { UserListQuery, UserSortField } from './accounts.repository';

const MAX_PAGE = 500;
const USER_SORT_FIELDS: Record<string, UserSortField> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  username: 'username',
  createdAt: 'createdAt',
  isActive: 'isActive',
  id: 'createdAt',
  _id: 'createdAt',
};

const badQuery = (parameter: string) =>
  new DomainError('VALIDATION_FAILED', `Paramètre ${parameter} invalide`, 400);

function parseJson(raw: unknown, parameter: string): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badQuery(parameter);
  try {
    return JSON.parse(raw);
  } catch {
    throw badQuery(parameter);
  }
}

/**
 * ra-data-simple-rest list parameters: `sort=["last_name","ASC"]`, `range=[0,24]` (inclusive),
 * `filter={"q":"dupont","id":[...]}`. Unknown sort fields and malformed JSON are 400.
 */
export function parseUserListQuery(query: Record<string, unknown>): UserListQuery {
  const sort = parseJson(query.sort, 'sort') ?? ['last_name', 'ASC'];
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    typeof sort[0] !== 'string' ||
    !(sort[0] in USER_SORT_FIELDS) ||
    !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
  ) {
    throw badQuery('sort');
  }
  const range = parseJson(query.range, 'range') ?? [0, 24];
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && n >= 0) ||
    range[1] < range[0]
  )
    throw badQuery('range');
  const [start, end] = range as [number, number];
  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badQuery('filter');
  const raw = filter as Record<string, unknown>;
  const ids = raw.id ?? raw.ids;
  const result: UserListQuery['filter'] = {};
  if (raw.q !== undefined) {
    if (typeof raw.q !== 'string' || raw.q.length > 200) throw badQuery('filter');
    if (raw.q.trim()) result.q = raw.q.trim();
  }
  if (ids !== undefined) {
    const list = Array.isArray(ids) ? ids : [ids];
    if (!list.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))) throw badQuery('filter');
    result.ids = list as string[];
  }
  if (raw.email !== undefined) {
    if (typeof raw.email !== 'string') throw badQuery('filter');
    result.email = raw.email;
  }
  if (raw.isActive !== undefined) {
    if (typeof raw.isActive !== 'boolean') throw badQuery('filter');
    result.isActive = raw.isActive;
  }
  if (raw.teamId !== undefined) {
    if (typeof raw.teamId !== 'string' || !/^[0-9a-f-]{36}$/i.test(raw.teamId)) throw badQuery('filter');
    result.teamId = raw.teamId;
  }
  return {
    sort: { field: USER_SORT_FIELDS[sort[0]], order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' },
    offset: start,
    limit: Math.min(end - start + 1, MAX_PAGE),
    filter: result,
  };
}

/** `ids[]=a&ids[]=b`, `ids=a&ids=b` or `ids=a,b` -> ['a', 'b'] */
export function parseIdList(query: Record<string, unknown>): string[] {
  const raw = query['ids[]'] ?? query.ids;
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  return values
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { map, type Observable } from 'rxjs';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { DomainError } from './domain-error';

/** Query of a react-admin list (ra-data-simple-rest): `sort=["title","ASC"]&range=[0,24]&filter={"q":"x"}`. */
export class AdminListQueryDto {
  @ApiPropertyOptional({ example: '["id","ASC"]' })
  @IsOptional()
  @MaxLength(200, { message: 'Le paramètre sort est invalide' })
  @IsString({ message: 'Le paramètre sort est invalide' })
  sort?: string;

  @ApiPropertyOptional({ example: '[0,24]' })
  @IsOptional()
  @MaxLength(100, { message: 'Le paramètre range est invalide' })
  @IsString({ message: 'Le paramètre range est invalide' })
  range?: string;

  @ApiPropertyOptional({ example: '{"q":"lyon"}' })
  @IsOptional()
  @MaxLength(5_000, { message: 'Le paramètre filter est invalide' })
  @IsString({ message: 'Le paramètre filter est invalide' })
  filter?: string;
}

export interface AdminListParams<F extends string> {
  sortField: F;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

export const MAX_ADMIN_PAGE = 500;

function parseJson(value: string, name: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new DomainError('VALIDATION_FAILED', `Le paramètre ${name} est invalide`, 400);
  }
}

/** Parses and checks sort / range / filter; unknown sort fields and malformed JSON -> 400. */
export function parseAdminList<F extends string>(
  query: AdminListQueryDto,
  sortable: readonly F[],
  defaultSort: F,
): AdminListParams<F> {
  let sortField = defaultSort;
  let order: 'ASC' | 'DESC' = 'ASC';
  if (query.sort) {
    const sort = parseJson(query.sort, 'sort');
    if (
      !Array.isArray(sort) ||
      typeof sort[0] !== 'string' ||
      !['ASC', 'DESC'].includes(String(sort[1] ?? 'ASC').toUpperCase())
    ) {
      throw new DomainError('VALIDATION_FAILED', 'Le paramètre sort est invalide', 400);
    }
    if (!sortable.includes(sort[0] as F))
      throw new DomainError('VALIDATION_FAILED', `Tri impossible sur le champ ${sort[0]}`, 400);
    sortField = sort[0] as F;
    order = String(sort[1] ?? 'ASC').toUpperCase() as 'ASC' | 'DESC';
  }
  let offset = 0;
  let limit = 25;
  if (query.range) {
    const range = parseJson(query.range, 'range');
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0]
    ) {
      throw new DomainError('VALIDATION_FAILED', 'Le paramètre range est invalide', 400);
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, MAX_ADMIN_PAGE);
  }
  let filter: Record<string, unknown> = {};
  if (query.filter) {
    const parsed = parseJson(query.filter, 'filter');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new DomainError('VALIDATION_FAILED', 'Le paramètre filter est invalide', 400);
    }
    filter = parsed as Record<string, unknown>;
  }
  return { sortField, order, offset, limit, filter };
}

/** Ids of a getMany call (`filter={"id":[1,2]}`), or undefined. */
export function idsFilter(filter: Record<string, unknown>): unknown[] | undefined {
  const ids = filter.id ?? filter.ids;
  if (ids === undefined) return undefined;
  return Array.isArray(ids) ? ids : [ids];
}

export function textFilter(filter: Record<string, unknown>, key = 'q'): string | undefined {
  const value = filter[key];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined;
}

/** `Content-Range: posts 0-24/319`, as ra-data-simple-rest reads it. */
export function setContentRange(
  reply: FastifyReply,
  resource: string,
  offset: number,
  count: number,
  total: number,
): void {
  const end = count === 0 ? offset : offset + count - 1;
  reply.header('Content-Range', `${resource} ${offset}-${end}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}

/** One page of a console list, as the services answer it. */
export interface AdminPage<T> {
  offset: number;
  rows: T[];
  total: number;
}

/** Turns a handler's `AdminPage` into the rows, with the `Content-Range` header react-admin reads. */
class ContentRangeInterceptor implements NestInterceptor {
  constructor(private readonly resource: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((page: AdminPage<unknown>) => {
        setContentRange(reply, this.resource, page.offset, page.rows.length, page.total);
        return page.rows;
      }),
    );
  }
}

/**
 * A react-admin list (ra-data-simple-rest): the handler returns the service's `AdminPage`; the client gets its rows
 * and `Content-Range: <resource> <first>-<last>/<total>`.
 */
export function AdminList(resource: string): MethodDecorator {
  return applyDecorators(UseInterceptors(new ContentRangeInterceptor(resource)));
}

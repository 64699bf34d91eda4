import { Injectable } from '@nestjs/common';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { freeTeamUri, normalizeForSearch } from '../directory';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import { sanitizeArticleHtml } from './article-html';
import type {
  AdminPostDto,
  AdminRedirectDto,
  AdminTeamDto,
  CreatePostDto,
  CreateRedirectDto,
  CreateTeamDto,
  UpdatePostDto,
  UpdateRedirectDto,
  UpdateTeamDto,
} from './admin.dto';
import { AdminContentRepository, PostRow, RedirectRow, TeamRow } from './admin.repository';
import { uniqueViolation } from '../../common/database-errors';
import { Transactions } from '../../database/database.module';
import { GeocodingRequests } from '../geocoding';
import { isUuid } from '@rdv/sectors';

export interface AdminPage<T> {
  rows: T[];
  offset: number;
  total: number;
}

function intIds(filter: Record<string, unknown>): number[] | undefined {
  const ids = idsFilter(filter);
  return ids?.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_648);
}

function uuidIds(filter: Record<string, unknown>): string[] | undefined {
  return idsFilter(filter)?.filter((id): id is string => typeof id === 'string' && isUuid(id));
}

function escapedQuery(filter: Record<string, unknown>): string | undefined {
  const q = textFilter(filter);
  return q ? likeEscape(q) : undefined;
}

function toRedirect(row: RedirectRow): AdminRedirectDto {
  return {
    id: row.id,
    fromPath: row.fromPath,
    toPath: row.toPath,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTeam(row: TeamRow): AdminTeamDto {
  return {
    id: row.id,
    teamUri: row.teamUri,
    name: row.name,
    ext_id: row.extId,
    presentation: row.presentation,
    street: row.street,
    postalCode: row.postalCode,
    cityUri: row.cityUri,
    cityName: row.cityName,
    phone: row.phone,
    email: row.email,
    professionalsCount: row.professionalsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPost(row: PostRow): AdminPostDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    author: row.author,
    seoDescription: row.seoDescription,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const EXT_ID_TAKEN = () => new ConflictError('EXT_ID_ALREADY_EXISTS', 'ext_id already exists');
const REDIRECT_TAKEN = () =>
  new ConflictError('REDIRECT_ALREADY_EXISTS', 'Une redirection existe déjà pour ce chemin');
const SLUG_TAKEN = () => new ConflictError('SLUG_ALREADY_EXISTS', 'Un article utilise déjà ce slug');
const TEAM_URI_TAKEN = () =>
  new ConflictError('TEAM_URI_ALREADY_EXISTS', 'Un cabinet utilise déjà cette adresse');

/** react-admin resources of the content module (ra-data-simple-rest): redirects, teams, posts. */
@Injectable()
export class AdminContentService {
  constructor(
    private readonly repository: AdminContentRepository,
    private readonly transactions: Transactions,
    private readonly geocoding: GeocodingRequests,
  ) {}

  // ---- redirects ----

  async listRedirects(query: AdminListQueryDto): Promise<AdminPage<AdminRedirectDto>> {
    const params = parseAdminList(
      query,
      ['id', 'fromPath', 'toPath', 'status', 'createdAt', 'updatedAt'] as const,
      'id',
    );
    const { rows, total } = await this.repository.listRedirects(
      params,
      escapedQuery(params.filter),
      intIds(params.filter),
    );
    return { rows: rows.map(toRedirect), offset: params.offset, total };
  }

  async getRedirect(id: number): Promise<AdminRedirectDto> {
    const row = await this.repository.findRedirect(id);
    if (!row) throw new NotFoundError('REDIRECT_NOT_FOUND', 'Redirection introuvable');
    return toRedirect(row);
  }

  async createRedirect(dto: CreateRedirectDto): Promise<AdminRedirectDto> {
    this.checkRedirect(dto.fromPath, dto.toPath);
    try {
      return toRedirect(
        await this.repository.insertRedirect({
          fromPath: dto.fromPath,
          toPath: dto.toPath,
          status: dto.status ?? 301,
        }),
      );
    } catch (error) {
      if (uniqueViolation(error)) throw REDIRECT_TAKEN();
      throw error;
    }
  }

  async updateRedirect(id: number, dto: UpdateRedirectDto): Promise<AdminRedirectDto> {
    const current = await this.getRedirect(id);
    this.checkRedirect(dto.fromPath ?? current.fromPath, dto.toPath ?? current.toPath);
    try {
      const row = await this.repository.updateRedirect(id, {
        fromPath: dto.fromPath,
        toPath: dto.toPath,
        status: dto.status,
      });
      if (!row) throw new NotFoundError('REDIRECT_NOT_FOUND', 'Redirection introuvable');
      return toRedirect(row);
    } catch (error) {
      if (uniqueViolation(error)) throw REDIRECT_TAKEN();
      throw error;
    }
  }

  async deleteRedirect(id: number): Promise<AdminRedirectDto> {
    const row = await this.repository.deleteRedirect(id);
    if (!row) throw new NotFoundError('REDIRECT_NOT_FOUND', 'Redirection introuvable');
    return toRedirect(row);
  }

  private checkRedirect(fromPath: string, toPath: string): void {
    if (fromPath === toPath)
      throw new DomainError(
        'VALIDATION_FAILED',
        'La destination doit être différente du chemin d’origine',
        400,
      );
    if (fromPath.startsWith('/api/') || fromPath === '/') {
      throw new DomainError('VALIDATION_FAILED', 'Ce chemin ne peut pas être redirigé', 400);
    }
  }

  // ---- teams ----

  async listTeams(query: AdminListQueryDto): Promise<AdminPage<AdminTeamDto>> {
    const params = parseAdminList(
      query,
      ['name', 'ext_id', 'teamUri', 'createdAt', 'updatedAt'] as const,
      'name',
    );
    const { rows, total } = await this.repository.listTeams(
      params,
      escapedQuery(params.filter),
      uuidIds(params.filter),
    );
    return { rows: rows.map(toTeam), offset: params.offset, total };
  }

  async getTeam(id: string): Promise<AdminTeamDto> {
    const row = await this.repository.findTeam(id);
    if (!row) throw new NotFoundError('TEAM_NOT_FOUND', 'Cabinet introuvable');
    return toTeam(row);
  }

  async createTeam(dto: CreateTeamDto): Promise<AdminTeamDto> {
    if (await this.repository.teamIdByExtId(dto.ext_id)) throw EXT_ID_TAKEN();
    const teamUri = dto.teamUri ?? (await freeTeamUri(dto.name, (uri) => this.repository.teamUriTaken(uri)));
    if (dto.teamUri && (await this.repository.teamUriTaken(dto.teamUri))) throw TEAM_URI_TAKEN();
    const cityId = await this.resolveCity(dto.cityUri);
    try {
      // Placed by the geocoder like an office saved by its professional ("Mon cabinet"): same request, same job.
      const id = await this.transactions.run(async (tx) => {
        const inserted = await this.repository.insertTeam(tx, {
          name: dto.name,
          extId: dto.ext_id,
          teamUri,
          presentation: dto.presentation ?? null,
          street: dto.street ?? null,
          postalCode: dto.postalCode ?? null,
          cityId: cityId ?? null,
          phone: dto.phone ?? null,
          email: dto.email?.toLowerCase() ?? null,
        });
        await this.geocoding.request(tx, { teamId: inserted });
        return inserted;
      });
      return this.getTeam(id);
    } catch (error) {
      throw this.teamConflict(error);
    }
  }

  async updateTeam(id: string, dto: UpdateTeamDto): Promise<AdminTeamDto> {
    const before = await this.getTeam(id);
    if (dto.ext_id) {
      const owner = await this.repository.teamIdByExtId(dto.ext_id);
      if (owner && owner !== id) throw EXT_ID_TAKEN();
    }
    if (dto.teamUri && (await this.repository.teamUriTaken(dto.teamUri, id))) throw TEAM_URI_TAKEN();
    const cityId = dto.cityUri === undefined ? undefined : await this.resolveCity(dto.cityUri);
    try {
      // react-admin sends the whole record back: only a value that differs moves the office.
      const changed = <T>(value: T | undefined, current: T) => value !== undefined && value !== current;
      const movesOffice =
        changed(dto.street, before.street) ||
        changed(dto.postalCode, before.postalCode) ||
        changed(dto.cityUri, before.cityUri);
      await this.transactions.run(async (tx) => {
        await this.repository.updateTeam(tx, id, {
          name: dto.name,
          extId: dto.ext_id,
          teamUri: dto.teamUri ?? undefined,
          presentation: dto.presentation,
          street: dto.street,
          postalCode: dto.postalCode,
          cityId: dto.cityUri === undefined ? undefined : (cityId ?? null),
          phone: dto.phone,
          email: dto.email === undefined ? undefined : (dto.email?.toLowerCase() ?? null),
        });
        // A console edit of the address moves the office (and its members) as the professional's own save does.
        if (movesOffice) await this.geocoding.request(tx, { teamId: id });
      });
    } catch (error) {
      throw this.teamConflict(error);
    }
    return this.getTeam(id);
  }

  async deleteTeam(id: string): Promise<AdminTeamDto> {
    const team = await this.getTeam(id);
    await this.repository.deleteTeam(id);
    return team;
  }

  private teamConflict(error: unknown): unknown {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('ext_id')) return EXT_ID_TAKEN();
    if (constraint?.includes('team_uri')) return TEAM_URI_TAKEN();
    return error;
  }

  private async resolveCity(cityUri: string | null | undefined): Promise<number | null | undefined> {
    if (cityUri === undefined || cityUri === null) return cityUri;
    const cityId = await this.repository.cityIdByUri(cityUri);
    if (cityId === undefined) throw new DomainError('VALIDATION_FAILED', 'Cette ville est introuvable', 400);
    return cityId;
  }

  // ---- posts ----

  async listPosts(query: AdminListQueryDto): Promise<AdminPage<AdminPostDto>> {
    const params = parseAdminList(
      query,
      ['id', 'title', 'slug', 'publishedAt', 'createdAt', 'updatedAt'] as const,
      'id',
    );
    const published = params.filter.published;
    const { rows, total } = await this.repository.listPosts(
      params,
      escapedQuery(params.filter),
      intIds(params.filter),
      typeof published === 'boolean'
        ? published
        : published === 'true'
          ? true
          : published === 'false'
            ? false
            : undefined,
    );
    return { rows: rows.map(toPost), offset: params.offset, total };
  }

  async getPost(id: number): Promise<AdminPostDto> {
    const row = await this.repository.findPost(id);
    if (!row) throw new NotFoundError('POST_NOT_FOUND', 'Article introuvable');
    return toPost(row);
  }

  async createPost(dto: CreatePostDto): Promise<AdminPostDto> {
    const slug = dto.slug ?? (await this.freeSlug(dto.title));
    if (dto.slug && (await this.repository.postSlugTaken(dto.slug))) throw SLUG_TAKEN();
    try {
      return toPost(
        await this.repository.insertPost({
          slug,
          title: dto.title,
          excerpt: dto.excerpt ?? null,
          content: sanitizeArticleHtml(dto.content),
          author: dto.author ?? null,
          seoDescription: dto.seoDescription ?? null,
          publishedAt: dto.publishedAt ? new Date(dto.publishedAt) : null,
        }),
      );
    } catch (error) {
      if (uniqueViolation(error)) throw SLUG_TAKEN();
      throw error;
    }
  }

  async updatePost(id: number, dto: UpdatePostDto): Promise<AdminPostDto> {
    await this.getPost(id);
    if (dto.slug && (await this.repository.postSlugTaken(dto.slug, id))) throw SLUG_TAKEN();
    try {
      const row = await this.repository.updatePost(id, {
        slug: dto.slug ?? undefined,
        title: dto.title,
        excerpt: dto.excerpt,
        content: dto.content === undefined ? undefined : sanitizeArticleHtml(dto.content),
        author: dto.author,
        seoDescription: dto.seoDescription,
        publishedAt:
          dto.publishedAt === undefined ? undefined : dto.publishedAt ? new Date(dto.publishedAt) : null,
      });
      if (!row) throw new NotFoundError('POST_NOT_FOUND', 'Article introuvable');
      return toPost(row);
    } catch (error) {
      if (uniqueViolation(error)) throw SLUG_TAKEN();
      throw error;
    }
  }

  async deletePost(id: number): Promise<AdminPostDto> {
    const row = await this.repository.deletePost(id);
    if (!row) throw new NotFoundError('POST_NOT_FOUND', 'Article introuvable');
    return toPost(row);
  }

  private async freeSlug(title: string): Promise<string> {
    const base = normalizeForSearch(title).slice(0, 120) || 'article';
    for (let n = 1; n < 50; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await this.repository.postSlugTaken(candidate))) return candidate;
    }
    return `${base}-${Date.now().toString(36)}`;
  }
}

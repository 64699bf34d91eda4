import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { cities, posts, redirects, teams } from '../../database/schema';
import type { AdminListParams } from '../../common/admin-list';

export type RedirectRow = typeof redirects.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type TeamRow = Omit<
  typeof teams.$inferSelect,
  'latitude' | 'longitude' | 'locationPrecision' | 'geocodedAt'
> & {
  cityUri: string | null;
  cityName: string | null;
  professionalsCount: number;
};

/** The constraint name of a unique violation (SQLSTATE 23505), or undefined for any other error. */

function orderBy(column: AnyPgColumn | SQL, order: 'ASC' | 'DESC'): SQL {
  return order === 'DESC' ? desc(column) : asc(column);
}

const teamColumns = {
  id: teams.id,
  teamUri: teams.teamUri,
  name: teams.name,
  extId: teams.extId,
  presentation: teams.presentation,
  street: teams.street,
  postalCode: teams.postalCode,
  cityId: teams.cityId,
  phone: teams.phone,
  email: teams.email,
  picture: teams.picture,
  managerId: teams.managerId,
  isDemo: teams.isDemo,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
  cityUri: cities.cityUri,
  cityName: cities.name,
  professionalsCount: sql<number>`(SELECT count(*)::int FROM users u WHERE u.team_id = ${teams.id})`,
};

/** SQL of the react-admin consoles' content resources: redirects, teams, posts. */
@Injectable()
export class AdminContentRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  // ---- redirects ----

  async listRedirects(
    params: AdminListParams<'id' | 'fromPath' | 'toPath' | 'status' | 'createdAt' | 'updatedAt'>,
    q: string | undefined,
    ids: number[] | undefined,
  ) {
    const conditions: SQL[] = [];
    if (q) conditions.push(or(ilike(redirects.fromPath, `%${q}%`), ilike(redirects.toPath, `%${q}%`)) as SQL);
    if (ids) conditions.push(inArray(redirects.id, ids));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(redirects)
        .where(where)
        .orderBy(orderBy(redirects[params.sortField], params.order), asc(redirects.id))
        .limit(params.limit)
        .offset(params.offset),
      this.db.select({ total: count() }).from(redirects).where(where),
    ]);
    return { rows, total };
  }

  async findRedirect(id: number): Promise<RedirectRow | undefined> {
    const [row] = await this.db.select().from(redirects).where(eq(redirects.id, id));
    return row;
  }

  async insertRedirect(values: { fromPath: string; toPath: string; status: number }): Promise<RedirectRow> {
    const [row] = await this.db.insert(redirects).values(values).returning();
    return row;
  }

  async updateRedirect(
    id: number,
    values: Partial<{ fromPath: string; toPath: string; status: number }>,
  ): Promise<RedirectRow | undefined> {
    const [row] = await this.db
      .update(redirects)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(redirects.id, id))
      .returning();
    return row;
  }

  async deleteRedirect(id: number): Promise<RedirectRow | undefined> {
    const [row] = await this.db.delete(redirects).where(eq(redirects.id, id)).returning();
    return row;
  }

  // ---- teams ----

  async listTeams(
    params: AdminListParams<'name' | 'ext_id' | 'teamUri' | 'createdAt' | 'updatedAt'>,
    q: string | undefined,
    ids: string[] | undefined,
  ) {
    const conditions: SQL[] = [];
    if (q)
      conditions.push(
        or(ilike(teams.name, `%${q}%`), ilike(teams.extId, `%${q}%`), ilike(teams.teamUri, `%${q}%`)) as SQL,
      );
    if (ids) conditions.push(inArray(teams.id, ids));
    const where = conditions.length ? and(...conditions) : undefined;
    const sortColumn = {
      name: teams.name,
      ext_id: teams.extId,
      teamUri: teams.teamUri,
      createdAt: teams.createdAt,
      updatedAt: teams.updatedAt,
    }[params.sortField];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(teamColumns)
        .from(teams)
        .leftJoin(cities, eq(cities.id, teams.cityId))
        .where(where)
        .orderBy(orderBy(sortColumn, params.order), asc(teams.id))
        .limit(params.limit)
        .offset(params.offset),
      this.db.select({ total: count() }).from(teams).where(where),
    ]);
    return { rows, total };
  }

  async findTeam(id: string): Promise<TeamRow | undefined> {
    const [row] = await this.db
      .select(teamColumns)
      .from(teams)
      .leftJoin(cities, eq(cities.id, teams.cityId))
      .where(eq(teams.id, id));
    return row;
  }

  async teamIdByExtId(extId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: teams.id }).from(teams).where(eq(teams.extId, extId));
    return row?.id;
  }

  async teamUriTaken(teamUri: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db.select({ id: teams.id }).from(teams).where(eq(teams.teamUri, teamUri));
    return row !== undefined && row.id !== exceptId;
  }

  async cityIdByUri(cityUri: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: cities.id }).from(cities).where(eq(cities.cityUri, cityUri));
    return row?.id;
  }

  async insertTeam(tx: DbOrTx, values: typeof teams.$inferInsert): Promise<string> {
    const [row] = await tx.insert(teams).values(values).returning({ id: teams.id });
    return row.id;
  }

  async updateTeam(tx: DbOrTx, id: string, values: Partial<typeof teams.$inferInsert>): Promise<boolean> {
    const rows = await tx
      .update(teams)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(teams.id, id))
      .returning({ id: teams.id });
    return rows.length > 0;
  }

  async deleteTeam(id: string): Promise<boolean> {
    const rows = await this.db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    return rows.length > 0;
  }

  // ---- posts ----

  async listPosts(
    params: AdminListParams<'id' | 'title' | 'slug' | 'publishedAt' | 'createdAt' | 'updatedAt'>,
    q: string | undefined,
    ids: number[] | undefined,
    published: boolean | undefined,
  ) {
    const conditions: SQL[] = [];
    if (q) conditions.push(or(ilike(posts.title, `%${q}%`), ilike(posts.slug, `%${q}%`)) as SQL);
    if (ids) conditions.push(inArray(posts.id, ids));
    if (published === true) conditions.push(isNotNull(posts.publishedAt));
    if (published === false) conditions.push(isNull(posts.publishedAt));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(posts)
        .where(where)
        .orderBy(orderBy(posts[params.sortField], params.order), asc(posts.id))
        .limit(params.limit)
        .offset(params.offset),
      this.db.select({ total: count() }).from(posts).where(where),
    ]);
    return { rows, total };
  }

  async findPost(id: number): Promise<PostRow | undefined> {
    const [row] = await this.db.select().from(posts).where(eq(posts.id, id));
    return row;
  }

  async postSlugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    return row !== undefined && row.id !== exceptId;
  }

  async insertPost(values: typeof posts.$inferInsert): Promise<PostRow> {
    const [row] = await this.db.insert(posts).values(values).returning();
    return row;
  }

  async updatePost(id: number, values: Partial<typeof posts.$inferInsert>): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(posts.id, id))
      .returning();
    return row;
  }

  async deletePost(id: number): Promise<PostRow | undefined> {
    const [row] = await this.db.delete(posts).where(eq(posts.id, id)).returning();
    return row;
  }
}

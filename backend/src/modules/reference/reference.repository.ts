import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { cities, specialities, specialitySlugHistory } from '../../database/schema';

export type CityRow = typeof cities.$inferSelect;

export type SpecialityRow = typeof specialities.$inferSelect;

@Injectable()
export class ReferenceRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  listSpecialities() {
    return this.db
      .select({ id: specialities.id, slug: specialities.slug, name: specialities.name })
      .from(specialities)
      .where(eq(specialities.enabled, true))
      .orderBy(asc(specialities.position), asc(specialities.name));
  }

  async listForAdmin(
    filter: { q?: string; ids?: number[] },
    sort: { field: 'position' | 'name' | 'slug'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: SpecialityRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.q)
      conditions.push(
        or(ilike(specialities.name, `%${filter.q}%`), ilike(specialities.slug, `%${filter.q}%`)) as SQL,
      );
    if (filter.ids) conditions.push(filter.ids.length ? inArray(specialities.id, filter.ids) : sql`false`);
    const where = conditions.length ? and(...conditions) : undefined;
    const column = specialities[sort.field];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(specialities)
        .where(where)
        .orderBy(sort.order === 'DESC' ? desc(column) : asc(column), asc(specialities.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(specialities).where(where),
    ]);
    return { rows, total };
  }

  async find(id: number, db: DbOrTx = this.db, lock = false): Promise<SpecialityRow | undefined> {
    const query = db.select().from(specialities).where(eq(specialities.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async slugTaken(db: DbOrTx, slug: string, exceptId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: specialities.id })
      .from(specialities)
      .where(and(eq(specialities.slug, slug), sql`${specialities.id} <> ${exceptId}`));
    return Boolean(row);
  }

  async update(
    db: DbOrTx,
    id: number,
    values: Partial<Pick<SpecialityRow, 'name' | 'slug' | 'position' | 'enabled'>>,
  ): Promise<SpecialityRow> {
    const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length === 0) return (await this.find(id, db))!;
    const [row] = await db.update(specialities).set(set).where(eq(specialities.id, id)).returning();
    return row;
  }

  /** The old slug now answers 301 to this speciality; a slug taken back stops being a redirect. */
  async recordSlugChange(db: DbOrTx, id: number, oldSlug: string, newSlug: string): Promise<void> {
    await db.delete(specialitySlugHistory).where(eq(specialitySlugHistory.oldSlug, newSlug));
    await db
      .insert(specialitySlugHistory)
      .values({ oldSlug, specialityId: id })
      .onConflictDoUpdate({ target: specialitySlugHistory.oldSlug, set: { specialityId: id } });
  }

  /** The current slug of a former one, or undefined. */
  async currentSlugOf(oldSlug: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ slug: specialities.slug })
      .from(specialitySlugHistory)
      .innerJoin(specialities, eq(specialities.id, specialitySlugHistory.specialityId))
      .where(eq(specialitySlugHistory.oldSlug, oldSlug));
    return row?.slug;
  }

  /** Cities, read-only reference data: search on name, INSEE code or postal code. */
  async listCitiesForAdmin(
    filter: { q?: string; departmentCode?: string; ids?: number[] },
    sort: { field: 'name' | 'population' | 'inseeCode'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: CityRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.q)
      conditions.push(
        or(
          ilike(cities.name, `${filter.q}%`),
          ilike(cities.inseeCode, `${filter.q}%`),
          sql`EXISTS (SELECT 1 FROM unnest(${cities.postalCodes}) pc WHERE pc LIKE ${`${filter.q}%`})`,
        ) as SQL,
      );
    if (filter.departmentCode) conditions.push(eq(cities.departmentCode, filter.departmentCode));
    if (filter.ids) conditions.push(filter.ids.length ? inArray(cities.id, filter.ids) : sql`false`);
    const where = conditions.length ? and(...conditions) : undefined;
    const column = cities[sort.field];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(cities)
        .where(where)
        .orderBy(sort.order === 'DESC' ? sql`${column} DESC NULLS LAST` : asc(column), asc(cities.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(cities).where(where),
    ]);
    return { rows, total };
  }

  async findCity(id: number): Promise<CityRow | undefined> {
    const [row] = await this.db.select().from(cities).where(eq(cities.id, id));
    return row;
  }
}

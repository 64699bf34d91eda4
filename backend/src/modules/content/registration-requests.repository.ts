import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { cities, registrationRequests } from '../../database/schema';
import type { AdminListParams } from '../../common/admin-list';

export type RegistrationRequestRow = typeof registrationRequests.$inferSelect;
export type RegistrationRequestSort = 'createdAt' | 'lastName' | 'city' | 'status' | 'handledAt';
export type RegistrationRequestStatus = RegistrationRequestRow['status'];

/** SQL of the console's registration requests. */
@Injectable()
export class RegistrationRequestsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async list(
    params: AdminListParams<RegistrationRequestSort>,
    filter: { q?: string; status?: RegistrationRequestStatus; ids?: string[] },
  ): Promise<{ rows: RegistrationRequestRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.q) {
      const pattern = `%${filter.q}%`;
      conditions.push(
        or(
          ilike(registrationRequests.lastName, pattern),
          ilike(registrationRequests.firstName, pattern),
          ilike(registrationRequests.email, pattern),
          ilike(registrationRequests.city, pattern),
          ilike(registrationRequests.officeName, pattern),
        ) as SQL,
      );
    }
    if (filter.status) conditions.push(eq(registrationRequests.status, filter.status));
    if (filter.ids) conditions.push(inArray(registrationRequests.id, filter.ids));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = registrationRequests[params.sortField];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(registrationRequests)
        .where(where)
        .orderBy(params.order === 'DESC' ? desc(column) : asc(column), asc(registrationRequests.id))
        .limit(params.limit)
        .offset(params.offset),
      this.db.select({ total: count() }).from(registrationRequests).where(where),
    ]);
    return { rows, total };
  }

  async find(id: string, db: DbOrTx = this.db): Promise<RegistrationRequestRow | undefined> {
    const [row] = await db.select().from(registrationRequests).where(eq(registrationRequests.id, id));
    return row;
  }

  /** The cityUri of the one commune with this name (case aside), or undefined when none or several have it. */
  async communeNamed(name: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ cityUri: cities.cityUri })
      .from(cities)
      .where(sql`lower(${cities.name}) = lower(${name.trim()})`)
      .limit(2);
    return rows.length === 1 ? rows[0].cityUri : undefined;
  }

  async lock(tx: DbOrTx, id: string): Promise<RegistrationRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.id, id))
      .for('update');
    return row;
  }

  async decide(
    tx: DbOrTx,
    id: string,
    values: { status: 'accepted' | 'refused'; refusalReason?: string; professionalId?: string },
  ): Promise<RegistrationRequestRow | undefined> {
    const [row] = await tx
      .update(registrationRequests)
      .set({ ...values, handledAt: sql`now()` })
      .where(and(eq(registrationRequests.id, id), eq(registrationRequests.status, 'pending')))
      .returning();
    return row;
  }
}

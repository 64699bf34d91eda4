import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { adminAuditLog, admins } from '../../database/schema';
import type { AdminListParams } from '../../common/admin-list';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;
export type AuditSortField = 'id' | 'createdAt' | 'resource' | 'action';

/** SQL of the administrators' audit trail (append-only). */
@Injectable()
export class AuditRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async adminEmail(db: DbOrTx, adminId: string): Promise<string | null> {
    const [row] = await db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId));
    return row?.email ?? null;
  }

  async insert(db: DbOrTx, values: NewAuditRow): Promise<void> {
    await db.insert(adminAuditLog).values(values);
  }

  async list(
    params: AdminListParams<AuditSortField>,
    filter: { resource?: string; action?: string; resourceId?: string; ids?: number[] },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.resource) conditions.push(eq(adminAuditLog.resource, filter.resource));
    if (filter.action) conditions.push(eq(adminAuditLog.action, filter.action));
    if (filter.resourceId) conditions.push(eq(adminAuditLog.resourceId, filter.resourceId));
    if (filter.ids) conditions.push(inArray(adminAuditLog.id, filter.ids));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = adminAuditLog[params.sortField];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(adminAuditLog)
        .where(where)
        .orderBy(params.order === 'DESC' ? desc(column) : asc(column), desc(adminAuditLog.id))
        .limit(params.limit)
        .offset(params.offset),
      this.db.select({ total: count() }).from(adminAuditLog).where(where),
    ]);
    return { rows, total };
  }

  async find(id: number): Promise<AuditRow | undefined> {
    const [row] = await this.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, id));
    return row;
  }
}

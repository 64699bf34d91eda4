import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, inArray, sql, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { readListPage } from '../../database/list-total';
import { adminAuditLog, admins } from '../../database/schema';
import type { AdminListParams } from '../../common/admin-list';

export type AuditRow = typeof adminAuditLog.$inferSelect & { resourceName: string | null };
export type NewAuditRow = typeof adminAuditLog.$inferInsert;
export type AuditSortField = 'id' | 'createdAt' | 'resource' | 'action';

/**
 * The entry's resource id as a uuid when it is one (else null, never a cast error): compared with a uuid primary key
 * it reads that key's index, where `id::text = resource_id` read the whole table for each entry of the page.
 */
const RESOURCE_UUID = sql`(CASE WHEN ${adminAuditLog.resourceId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  THEN ${adminAuditLog.resourceId}::uuid END)`;

/**
 * What the entry is about, by name as an operator knows it (the professional's or client's name, the office, the
 * article...), read now: a renamed thing shows its current name, a deleted one shows nothing (the id stays).
 */
const RESOURCE_NAME = sql<string | null>`CASE ${adminAuditLog.resource}
  WHEN 'users' THEN (SELECT NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') FROM users u WHERE u.id = ${RESOURCE_UUID})
  WHEN 'clients' THEN (SELECT NULLIF(trim(concat_ws(' ', a.first_name, a.last_name)), '') FROM attendees a WHERE a.id = ${RESOURCE_UUID})
  WHEN 'teams' THEN (SELECT t.name FROM teams t WHERE t.id = ${RESOURCE_UUID})
  WHEN 'specialities' THEN (SELECT s.name FROM specialities s WHERE s.id::text = ${adminAuditLog.resourceId})
  WHEN 'posts' THEN (SELECT p.title FROM posts p WHERE p.id::text = ${adminAuditLog.resourceId})
  WHEN 'images' THEN (SELECT i.title FROM images i WHERE i.id::text = ${adminAuditLog.resourceId})
  WHEN 'redirects' THEN (SELECT r.from_path FROM redirects r WHERE r.id::text = ${adminAuditLog.resourceId})
  WHEN 'registration-requests' THEN (SELECT concat_ws(' ', q.first_name, q.last_name) FROM registration_requests q WHERE q.id = ${RESOURCE_UUID})
  WHEN 'appointments' THEN (SELECT ap.ref_appointment FROM appointments ap WHERE ap.id = ${RESOURCE_UUID})
  ELSE NULL END`;

const AUDIT_COLUMNS = { ...getTableColumns(adminAuditLog), resourceName: RESOURCE_NAME };

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
    // A page past the middle is read from the end of the list (readListPage).
    return readListPage(
      this.db,
      sql`FROM ${adminAuditLog} WHERE ${where ?? sql`true`}`,
      { offset: params.offset, limit: params.limit },
      (window) =>
        this.db
          .select(AUDIT_COLUMNS)
          .from(adminAuditLog)
          .where(where)
          .orderBy(
            (params.order === 'DESC') !== window.reversed ? desc(column) : asc(column),
            window.reversed ? asc(adminAuditLog.id) : desc(adminAuditLog.id),
          )
          .limit(window.limit)
          .offset(window.offset),
    );
  }

  async find(id: number): Promise<AuditRow | undefined> {
    const [row] = await this.db.select(AUDIT_COLUMNS).from(adminAuditLog).where(eq(adminAuditLog.id, id));
    return row;
  }
}

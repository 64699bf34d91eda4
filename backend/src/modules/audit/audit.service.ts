import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/domain-error';
import type { DbOrTx } from '../../database/database.types';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import type { AdminAuditEntryDto } from './audit.dto';
import { AuditRepository, AuditRow } from './audit.repository';

export interface AuditEntry {
  adminId: string;
  action: string;
  resource: string;
  resourceId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

function toJson(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

function toDto(row: AuditRow): AdminAuditEntryDto {
  return {
    id: row.id,
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The trail of administrators' writes. Other modules call `record` inside their write's transaction. */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(db: DbOrTx, entry: AuditEntry): Promise<void> {
    await this.repository.insert(db, {
      adminId: entry.adminId,
      adminEmail: await this.repository.adminEmail(db, entry.adminId),
      action: entry.action,
      resource: entry.resource,
      resourceId:
        entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
      before: toJson(entry.before),
      after: toJson(entry.after),
    });
  }

  async list(
    query: AdminListQueryDto,
  ): Promise<{ rows: AdminAuditEntryDto[]; offset: number; total: number }> {
    const params = parseAdminList(query, ['id', 'createdAt', 'resource', 'action'] as const, 'createdAt');
    if (!query.sort) params.order = 'DESC';
    const ids = idsFilter(params.filter)
      ?.map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
    const { rows, total } = await this.repository.list(params, {
      resource: textFilter(params.filter, 'resource'),
      action: textFilter(params.filter, 'action'),
      resourceId: textFilter(params.filter, 'resourceId'),
      ids,
    });
    return { rows: rows.map(toDto), offset: params.offset, total };
  }

  async get(id: number): Promise<AdminAuditEntryDto> {
    const row = await this.repository.find(id);
    if (!row) throw new NotFoundError('AUDIT_ENTRY_NOT_FOUND', 'Entrée du journal introuvable');
    return toDto(row);
  }
}

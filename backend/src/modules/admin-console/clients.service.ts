import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { AdminClientsService } from '../accounts';
import type { AdminClientDto } from '../accounts';
import { AuditService } from '../audit';
import { type AttendeeDataExport, AttendeePrivacyService } from '../privacy';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import { isUuid } from '@rdv/sectors';

/** The console's clients, on the accounts and privacy services; every write is audited. */
@Injectable()
export class ClientsService {
  constructor(
    private readonly accounts: AdminClientsService,
    private readonly audit: AuditService,
    private readonly privacy: AttendeePrivacyService,
    @InjectDb() private readonly db: Database,
  ) {}

  async list(query: AdminListQueryDto) {
    const params = parseAdminList(query, ['email', 'lastName', 'createdAt'] as const, 'createdAt');
    if (!query.sort) params.order = 'DESC';
    const active = params.filter.isActive;
    if (active !== undefined && active !== null && typeof active !== 'boolean')
      throw new DomainError('VALIDATION_FAILED', 'Le filtre actif doit être vrai ou faux', 400);
    const q = textFilter(params.filter);
    const { rows, total } = await this.accounts.adminListAttendees(
      {
        q: q ? likeEscape(q) : undefined,
        isActive: typeof active === 'boolean' ? active : undefined,
        ids: idsFilter(params.filter)?.filter((id): id is string => typeof id === 'string' && isUuid(id)),
      },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows, offset: params.offset, total };
  }

  get(id: string): Promise<AdminClientDto> {
    return this.accounts.adminGetAttendee(id);
  }

  async setActive(adminId: string, id: string, isActive: boolean): Promise<AdminClientDto> {
    const { before, after } = await this.accounts.adminSetAttendeeActive(id, isActive);
    await this.audit.record(this.db, {
      adminId,
      action: isActive ? 'reactivate' : 'deactivate',
      resource: 'clients',
      resourceId: id,
      before,
      after,
    });
    return after;
  }

  /** The same export the client downloads from their own space (every row about them), audited. */
  async exportData(adminId: string, id: string): Promise<AttendeeDataExport> {
    const exported = await this.privacy.exportAttendeeData(id);
    await this.audit.record(this.db, { adminId, action: 'export', resource: 'clients', resourceId: id });
    return exported;
  }

  /** The same erasure as a client deleting their own account (see AttendeePrivacyService), audited. */
  async erase(adminId: string, id: string): Promise<{ message: string }> {
    await this.privacy.eraseAttendee(id);
    // the audit keeps that an erasure happened, not the erased data
    await this.audit.record(this.db, { adminId, action: 'erase', resource: 'clients', resourceId: id });
    return { message: 'Les données du client ont été effacées' };
  }
}

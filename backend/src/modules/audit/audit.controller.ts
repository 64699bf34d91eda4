import { Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { AdminResource } from '../identity';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { NumericIdParamDto } from '../../common/route-params';
import { AdminAuditEntryDto } from './audit.dto';
import { AuditService } from './audit.service';

/** Read-only audit trail of the console (ra-data-simple-rest list + show). */
@AdminResource('audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOkResponse({ type: AdminAuditEntryDto, isArray: true })
  @AdminList('audit-log')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminAuditEntryDto>> {
    return this.audit.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminAuditEntryDto })
  @ApiNotFoundResponse({ description: 'AUDIT_ENTRY_NOT_FOUND' })
  get(@Param() params: NumericIdParamDto): Promise<AdminAuditEntryDto> {
    return this.audit.get(params.id);
  }
}

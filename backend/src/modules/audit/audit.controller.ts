import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminConsoleGuard } from '../identity';
import { AdminListQueryDto, setContentRange } from '../../common/admin-list';
import { NumericIdParamDto } from '../../common/route-params';
import { AdminAuditEntryDto } from './audit.dto';
import { AuditService } from './audit.service';

/** Read-only audit trail of the console (ra-data-simple-rest list + show). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOkResponse({ type: AdminAuditEntryDto, isArray: true })
  async list(
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminAuditEntryDto[]> {
    const page = await this.audit.list(query);
    setContentRange(reply, 'audit-log', page.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminAuditEntryDto })
  @ApiNotFoundResponse({ description: 'AUDIT_ENTRY_NOT_FOUND' })
  get(@Param() params: NumericIdParamDto): Promise<AdminAuditEntryDto> {
    return this.audit.get(params.id);
  }
}

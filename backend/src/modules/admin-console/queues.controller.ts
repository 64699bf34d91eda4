import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedAccount } from '../identity';
import { AdminConsoleGuard, CurrentAccount } from '../identity';
import { AdminListQueryDto, setContentRange } from '../../common/admin-list';
import { AdminJobDto, JobIdParamDto } from './queues.dto';
import { QueuesService } from './queues.service';

/** The BullMQ queues, for administrators only (an equivalent of bull-board as react-admin resources). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/jobs')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @ApiOperation({
    summary:
      'filter: queue (notifications | calendar-sync), state (waiting | delayed | active | failed | completed)',
  })
  @ApiOkResponse({ type: AdminJobDto, isArray: true })
  async list(
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminJobDto[]> {
    const page = await this.queues.list(query);
    setContentRange(reply, 'jobs', page.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminJobDto })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND' })
  get(@Param() params: JobIdParamDto): Promise<AdminJobDto> {
    return this.queues.get(params.id);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminJobDto })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND' })
  @ApiConflictResponse({ description: 'JOB_NOT_FAILED' })
  retry(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: JobIdParamDto,
  ): Promise<AdminJobDto> {
    return this.queues.retry(account.id, params.id);
  }
}

import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, AdminResource } from '../identity';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { AdminJobDto, JobIdParamDto } from './queues.dto';
import { QueuesService } from './queues.service';

/** The BullMQ queues, for administrators only (an equivalent of bull-board as react-admin resources). */
@AdminResource('jobs')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @ApiOperation({
    summary:
      'filter: queue (notifications | calendar-sync), state (waiting | delayed | active | failed | completed)',
  })
  @ApiOkResponse({ type: AdminJobDto, isArray: true })
  @AdminList('jobs')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminJobDto>> {
    return this.queues.list(query);
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

import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, AdminResource } from '../identity';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { UuidParamDto } from '../../common/route-params';
import { AdminReviewDto, RejectReviewDto } from './admin-reviews.dto';
import { AdminReviewsService } from './admin-reviews.service';

@AdminResource('reviews')
export class AdminReviewsController {
  constructor(private readonly reviews: AdminReviewsService) {}

  @Get()
  @ApiOperation({ summary: 'filter: status (pending | published | rejected), userId, q' })
  @ApiOkResponse({ type: AdminReviewDto, isArray: true })
  @AdminList('reviews')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminReviewDto>> {
    return this.reviews.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminReviewDto })
  @ApiNotFoundResponse({ description: 'REVIEW_NOT_FOUND' })
  get(@Param() params: UuidParamDto): Promise<AdminReviewDto> {
    return this.reviews.get(params.id);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminReviewDto })
  @ApiNotFoundResponse({ description: 'REVIEW_NOT_FOUND' })
  publish(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
  ): Promise<AdminReviewDto> {
    return this.reviews.publish(account.id, params.id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminReviewDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'REVIEW_NOT_FOUND' })
  reject(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
    @Body() body: RejectReviewDto,
  ): Promise<AdminReviewDto> {
    return this.reviews.reject(account.id, params.id, body.reason);
  }
}

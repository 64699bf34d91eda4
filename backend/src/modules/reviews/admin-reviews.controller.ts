import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
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
import { UuidParamDto } from '../../common/route-params';
import { AdminReviewDto, RejectReviewDto } from './admin-reviews.dto';
import { AdminReviewsService } from './admin-reviews.service';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/reviews')
export class AdminReviewsController {
  constructor(private readonly reviews: AdminReviewsService) {}

  @Get()
  @ApiOperation({ summary: 'filter: status (pending | published | rejected), userId, q' })
  @ApiOkResponse({ type: AdminReviewDto, isArray: true })
  async list(
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminReviewDto[]> {
    const page = await this.reviews.list(query);
    setContentRange(reply, 'reviews', page.offset, page.rows.length, page.total);
    return page.rows;
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

import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ReviewInvitations } from './review-invitations';
import {
  LeaveReviewDto,
  ReviewInvitationDto,
  ReviewLeftDto,
  ReviewLinkQueryDto,
  SchemaRatingDto,
} from './reviews.dto';
import { ReviewsService } from './reviews.service';

@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly invitations: ReviewInvitations,
  ) {}

  @Get('schema-rating')
  @ApiOkResponse({
    type: SchemaRatingDto,
    description: 'Aggregate of published reviews (schema.org AggregateRating)',
  })
  schemaRating(): Promise<SchemaRatingDto> {
    return this.reviews.schemaRating();
  }

  @Get('reviews/invitation')
  @ApiOperation({
    summary: 'The meeting a review link was mailed for (no session: the signed link is the authority)',
  })
  @ApiOkResponse({ type: ReviewInvitationDto })
  @ApiNotFoundResponse({
    description: 'REVIEW_LINK_INVALID (unknown, expired, or the meeting did not take place)',
  })
  invitation(@Query() query: ReviewLinkQueryDto): Promise<ReviewInvitationDto> {
    return this.invitations.invitation(query.token);
  }

  @Post('reviews/invitation')
  @ApiOperation({
    summary: 'Leave the review of that meeting (one per appointment; published after moderation)',
  })
  @ApiCreatedResponse({ type: ReviewLeftDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (French messages)' })
  @ApiConflictResponse({ description: 'REVIEW_ALREADY_LEFT' })
  @ApiNotFoundResponse({ description: 'REVIEW_LINK_INVALID' })
  leave(@Body() dto: LeaveReviewDto): Promise<ReviewLeftDto> {
    return this.invitations.leave(dto.token, dto);
  }
}

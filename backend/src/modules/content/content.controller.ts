import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ArticleDto,
  ArticleListDto,
  ArticleParamDto,
  CreateRegistrationRequestDto,
  PageQueryDto,
  RegistrationRequestCreatedDto,
  ResolvedRedirectDto,
  ResolveRedirectQueryDto,
  ReviewListDto,
} from './content.dto';
import { AuthRateLimiter } from '../identity';
import { ContentService } from './content.service';

@ApiTags('content')
@Controller()
export class ContentController {
  constructor(
    private readonly content: ContentService,
    private readonly limiter: AuthRateLimiter,
  ) {}

  @Get('articles')
  @ApiOperation({ summary: 'Published guide articles, newest first' })
  @ApiOkResponse({ type: ArticleListDto })
  articles(@Query() query: PageQueryDto): Promise<ArticleListDto> {
    return this.content.articles(query);
  }

  @Get('articles/:idOrSlug')
  @ApiOperation({ summary: 'A published article by numeric id or slug' })
  @ApiOkResponse({ type: ArticleDto })
  @ApiNotFoundResponse({ description: 'ARTICLE_NOT_FOUND' })
  article(@Param() params: ArticleParamDto): Promise<ArticleDto> {
    return this.content.article(params.idOrSlug);
  }

  @Get('reviews')
  @ApiOperation({ summary: 'Published reviews, newest first, with their aggregate' })
  @ApiOkResponse({ type: ReviewListDto })
  reviews(@Query() query: PageQueryDto): Promise<ReviewListDto> {
    return this.content.reviewsPage(query);
  }

  @Post('registration-requests')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'A professional asks to join; saved and mailed to the administrators (notifications job registration-request.received). The same pending request again is the same row; 429 TOO_MANY_REQUESTS past 5 an hour per address',
  })
  @ApiCreatedResponse({ type: RegistrationRequestCreatedDto })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED (French message; `email must be an email` verbatim)',
  })
  async createRegistrationRequest(
    @Body() body: CreateRegistrationRequestDto,
    @Req() request: FastifyRequest,
  ): Promise<RegistrationRequestCreatedDto> {
    await this.limiter.countPublicAction('registration-request', request.ip || 'unknown');
    return this.content.createRegistrationRequest(body);
  }

  @Get('redirects/resolve')
  @ApiOperation({ summary: 'The administrator-configured redirect of a path (used by the web gateway)' })
  @ApiOkResponse({ type: ResolvedRedirectDto })
  @ApiNotFoundResponse({ description: 'REDIRECT_NOT_FOUND' })
  resolveRedirect(@Query() query: ResolveRedirectQueryDto): Promise<ResolvedRedirectDto> {
    return this.content.resolveRedirect(query.path);
  }
}

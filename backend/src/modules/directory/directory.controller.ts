import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { PublicCache } from '../../common/http-cache';
import type { FastifyRequest } from 'fastify';
import {
  PhoneRevealDto,
  ProfileDto,
  SearchQueryDto,
  SearchResultDto,
  TeamPageDto,
  TeamQueryDto,
  TeamUriParamDto,
  UserUriParamDto,
} from './directory.dto';
import { DirectoryService } from './directory.service';
import { SearchService } from './search.service';

@ApiTags('directory')
@Controller()
export class DirectoryController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly searches: SearchService,
  ) {}

  @Get('search')
  @PublicCache('slots')
  @ApiOperation({
    summary:
      'Active professionals of a city, optionally of one speciality; online-booking first, then by name',
  })
  @ApiOkResponse({ type: SearchResultDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (French message)' })
  @ApiNotFoundResponse({ description: 'CITY_NOT_FOUND or SPECIALITY_NOT_FOUND' })
  search(@Query() query: SearchQueryDto): Promise<SearchResultDto> {
    return this.searches.search(query);
  }

  @Get('professionals/:userUri')
  @PublicCache('slots')
  @ApiOperation({ summary: 'Public profile of a professional (no phone number: see phone-reveal)' })
  @ApiOkResponse({ type: ProfileDto })
  @ApiNotFoundResponse({ description: 'PROFESSIONAL_NOT_FOUND' })
  profile(@Param() params: UserUriParamDto): Promise<ProfileDto> {
    return this.directory.profile(params.userUri);
  }

  @Post('professionals/:userUri/phone-reveal')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The phone number of a professional (or of the office); counts a call (once per caller per 30 min)',
  })
  @ApiOkResponse({ type: PhoneRevealDto })
  @ApiNotFoundResponse({ description: 'PROFESSIONAL_NOT_FOUND or PHONE_NOT_AVAILABLE' })
  revealPhone(@Param() params: UserUriParamDto, @Req() request: FastifyRequest): Promise<PhoneRevealDto> {
    return this.directory.revealPhone(params.userUri, request.ip);
  }

  @Get('teams/:teamUri')
  @PublicCache('slots')
  @ApiOperation({ summary: 'An office and its active professionals, optionally of one speciality' })
  @ApiOkResponse({ type: TeamPageDto })
  @ApiNotFoundResponse({ description: 'TEAM_NOT_FOUND or SPECIALITY_NOT_FOUND' })
  team(@Param() params: TeamUriParamDto, @Query() query: TeamQueryDto): Promise<TeamPageDto> {
    return this.directory.team(params.teamUri, query.speciality);
  }
}

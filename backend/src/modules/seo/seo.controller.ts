import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SitemapEntryDto, SitemapProfileFilesDto, SitemapProfilesQueryDto } from './seo.dto';
import { SeoService } from './seo.service';

@ApiTags('seo')
@Controller('sitemap')
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('profiles')
  @ApiOperation({
    summary: 'Profiles of active professionals who did not opt out of indexing, one sitemap file of them',
    description:
      'SITEMAP_PROFILES_PER_FILE profiles per file (5,000 by default), in URI order; without `file`, the first. ' +
      'GET /sitemap/profile-files says how many files there are.',
  })
  @ApiOkResponse({ type: SitemapEntryDto, isArray: true })
  @ApiNotFoundResponse({ description: 'A file past the last one' })
  profiles(@Query() query: SitemapProfilesQueryDto): Promise<SitemapEntryDto[]> {
    return this.seo.profiles(query.file ?? 1);
  }

  @Get('profile-files')
  @ApiOperation({ summary: 'How many files the profiles sitemap has' })
  @ApiOkResponse({ type: SitemapProfileFilesDto })
  profileFiles(): Promise<SitemapProfileFilesDto> {
    return this.seo.profileFiles();
  }

  @Get('cities')
  @ApiOperation({ summary: 'City pages and city x speciality pages that have results' })
  @ApiOkResponse({ type: SitemapEntryDto, isArray: true })
  cities(): Promise<SitemapEntryDto[]> {
    return this.seo.cities();
  }

  @Get('offices')
  @ApiOperation({ summary: 'Office pages with at least one active professional' })
  @ApiOkResponse({ type: SitemapEntryDto, isArray: true })
  offices(): Promise<SitemapEntryDto[]> {
    return this.seo.offices();
  }

  @Get('articles')
  @ApiOperation({ summary: 'Published guide articles' })
  @ApiOkResponse({ type: SitemapEntryDto, isArray: true })
  articles(): Promise<SitemapEntryDto[]> {
    return this.seo.articles();
  }
}

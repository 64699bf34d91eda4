import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SitemapEntryDto } from './seo.dto';
import { SeoService } from './seo.service';

@ApiTags('seo')
@Controller('sitemap')
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('profiles')
  @ApiOperation({ summary: 'Profiles of active professionals who did not opt out of indexing' })
  @ApiOkResponse({ type: SitemapEntryDto, isArray: true })
  profiles(): Promise<SitemapEntryDto[]> {
    return this.seo.profiles();
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

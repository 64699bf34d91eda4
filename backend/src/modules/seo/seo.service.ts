import { Inject, Injectable } from '@nestjs/common';
import { getSector, Sector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { SitemapEntryDto } from './seo.dto';
import { SeoRepository } from './seo.repository';

function entries(prefix: string, rows: Array<{ key: string; lastmod: Date | string }>): SitemapEntryDto[] {
  return rows.map((row) => ({ path: `/${prefix}/${row.key}`, lastmod: new Date(row.lastmod).toISOString() }));
}

/** Sitemap data by type; the public site renders the XML with the sector's route words. */
@Injectable()
export class SeoService {
  private readonly sector: Sector;

  constructor(
    private readonly repository: SeoRepository,
    @Inject(ENV) env: Env,
  ) {
    this.sector = getSector(env.SECTOR);
  }

  async profiles(): Promise<SitemapEntryDto[]> {
    return entries(this.sector.routes.profile, await this.repository.indexableProfiles());
  }

  async cities(): Promise<SitemapEntryDto[]> {
    const [cities, pairs, departments] = await Promise.all([
      this.repository.cities(),
      this.repository.citySpecialities(),
      this.repository.departments(),
    ]);
    return [
      ...entries(this.sector.routes.directory, departments),
      ...entries(this.sector.routes.directory, cities),
      ...entries(this.sector.routes.directory, pairs),
    ];
  }

  async offices(): Promise<SitemapEntryDto[]> {
    return entries(this.sector.routes.office, await this.repository.offices());
  }

  async articles(): Promise<SitemapEntryDto[]> {
    return entries(this.sector.routes.guide, await this.repository.publishedArticles());
  }
}

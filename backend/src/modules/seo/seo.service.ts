import { Inject, Injectable } from '@nestjs/common';
import { getSector, Sector } from '@rdv/sectors';
import { NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { SitemapEntryDto, SitemapProfileFilesDto } from './seo.dto';
import { SeoRepository } from './seo.repository';

function entries(prefix: string, rows: Array<{ key: string; lastmod: Date | string }>): SitemapEntryDto[] {
  return rows.map((row) => ({ path: `/${prefix}/${row.key}`, lastmod: new Date(row.lastmod).toISOString() }));
}

/** Sitemap data by type; the public site renders the XML with the sector's route words. */
@Injectable()
export class SeoService {
  private readonly sector: Sector;
  private readonly profilesPerFile: number;

  constructor(
    private readonly repository: SeoRepository,
    @Inject(ENV) env: Env,
  ) {
    this.sector = getSector(env.SECTOR);
    this.profilesPerFile = env.SITEMAP_PROFILES_PER_FILE;
  }

  /**
   * File `file` of the profiles sitemap (SITEMAP_PROFILES_PER_FILE profiles each, in URI order). The first file
   * always exists, empty when no profile is indexable; a file past the last one is a 404.
   */
  async profiles(file = 1): Promise<SitemapEntryDto[]> {
    const rows = await this.repository.indexableProfilesFile(file, this.profilesPerFile);
    if (rows.length === 0 && file > 1)
      throw new NotFoundError('SITEMAP_FILE_NOT_FOUND', 'Ce fichier du plan du site n’existe pas');
    return entries(this.sector.routes.profile, rows);
  }

  /** How many files the profiles sitemap has (at least one). */
  async profileFiles(): Promise<SitemapProfileFilesDto> {
    const count = await this.repository.indexableProfileCount();
    return { files: Math.max(1, Math.ceil(count / this.profilesPerFile)), perFile: this.profilesPerFile };
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

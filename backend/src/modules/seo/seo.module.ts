import { Module } from '@nestjs/common';
import { SeoController } from './seo.controller';
import { SeoRepository } from './seo.repository';
import { SeoService } from './seo.service';

/** Sitemap data (profiles, cities and city x speciality pages, offices, articles). */
@Module({
  controllers: [SeoController],
  providers: [SeoService, SeoRepository],
})
export class SeoModule {}

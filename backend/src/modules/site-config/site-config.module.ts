import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AdminSiteConfigController, SiteConfigController } from './site-config.controller';
import { SiteConfigRepository } from './site-config.repository';
import { SiteConfigService } from './site-config.service';

/** docs/product.md §3 site configuration (public read, admin edit). Other modules read flags through `SiteConfigService`. */
@Module({
  imports: [AuditModule],
  controllers: [SiteConfigController, AdminSiteConfigController],
  providers: [SiteConfigService, SiteConfigRepository],
  exports: [SiteConfigService],
})
export class SiteConfigModule {}

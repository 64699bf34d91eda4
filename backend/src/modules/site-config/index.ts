export { SiteConfigModule } from './site-config.module';
export { SiteConfigService } from './site-config.service';

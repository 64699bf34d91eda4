import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller';
import { GeoRepository } from './geo.repository';
import { GeoService } from './geo.service';
import { IpLocator } from './ip-locator';

/** "Near you": nearest city with professionals from coordinates or from the client IP (offline database). */
@Module({
  controllers: [GeoController],
  providers: [GeoService, GeoRepository, IpLocator],
  exports: [GeoService],
})
export class GeoModule {}

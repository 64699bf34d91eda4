import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { OutboxModule } from '../outbox';
import { BanGeocoder } from './ban.geocoder';
import { Geocoder } from './geocoder.port';
import { GeocodingProcessor } from './geocoding.processor';
import { GeocodingRepository } from './geocoding.repository';
import { GeocodingJobs, GeocodingRequests } from './geocoding.service';

/** API side: saving an address asks for it to be geocoded (GeocodingRequests, through the outbox). */
@Module({
  imports: [OutboxModule],
  providers: [GeocodingRequests, GeocodingRepository],
  exports: [GeocodingRequests],
})
export class GeocodingModule {}

/** Worker side: the geocoder (the BAN at GEOCODER_URL) and the consumer of the `geocoding` queue. */
@Module({
  providers: [
    GeocodingRepository,
    GeocodingJobs,
    GeocodingProcessor,
    {
      provide: Geocoder,
      inject: [ENV],
      useFactory: (env: Env) => new BanGeocoder(env.GEOCODER_URL, env.GEOCODER_TIMEOUT_MS),
    },
  ],
})
export class GeocodingWorkerModule {}

import { Module } from '@nestjs/common';
import { GeocodingModule } from '../geocoding';
import { IdempotencyModule } from '../idempotency';
import { MediaModule } from '../media';
import { OutboxModule } from '../outbox';
import { OfficesController } from './offices.controller';
import { OfficesRepository } from './offices.repository';
import { OfficesService } from './offices.service';

/** "Mon cabinet": offices as their members run them (the admin resource `teams` stays in the content module). */
@Module({
  imports: [OutboxModule, MediaModule, IdempotencyModule, GeocodingModule],
  controllers: [OfficesController],
  providers: [OfficesService, OfficesRepository],
  exports: [OfficesService],
})
export class OfficesModule {}

import { Module } from '@nestjs/common';
import { AvailabilityController } from './availability.controller';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { SlotsController } from './slots.controller';

/** Agendas, motives, weekly hours, closed days and the free-slot reads. Booking uses AvailabilityService. */
@Module({
  controllers: [AvailabilityController, SlotsController],
  providers: [AvailabilityService, AvailabilityRepository],
  exports: [AvailabilityService],
})
export class AvailabilityModule {}

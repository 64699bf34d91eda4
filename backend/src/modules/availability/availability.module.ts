import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AvailabilityController } from './availability.controller';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { TimeOffService } from './time-off.service';
import { SlotsController } from './slots.controller';
import { SlotsService } from './slots.service';

/** Agendas, motives, weekly hours, closed days and the free-slot reads. Other modules use SlotsService (the slot queries); AvailabilityService and TimeOffService are the agenda settings. */
@Module({
  imports: [AuditModule],
  controllers: [AvailabilityController, SlotsController],
  providers: [AvailabilityService, TimeOffService, SlotsService, AvailabilityRepository],
  exports: [SlotsService],
})
export class AvailabilityModule {}

import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { CitiesController } from './cities.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';

/** Public directory: search by city and speciality, cities, profiles, phone reveal, offices. */
@Module({
  imports: [AvailabilityModule],
  controllers: [DirectoryController, CitiesController],
  providers: [DirectoryService, DirectoryRepository],
  exports: [DirectoryService],
})
export class DirectoryModule {}

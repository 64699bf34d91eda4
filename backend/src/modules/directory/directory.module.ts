import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability';
import { CitiesController, DepartmentsController } from './cities.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';
import { CallsController } from './calls.controller';

/** Public directory: search by city and speciality, cities, profiles, phone reveal, offices. */
@Module({
  imports: [AvailabilityModule],
  controllers: [DirectoryController, CitiesController, DepartmentsController, CallsController],
  providers: [DirectoryService, DirectoryRepository],
  exports: [DirectoryService],
})
export class DirectoryModule {}

import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability';
import { CitiesController, DepartmentsController } from './cities.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';
import { DirectoryCards } from './directory-cards';
import { DirectoryLookups } from './directory-lookups';
import { SearchReachRepository } from './search-reach.repository';
import { SearchReach } from './search-reach.service';
import { SearchService } from './search.service';
import { CallsController } from './calls.controller';

/** Public directory: search by city and speciality, cities, profiles, phone reveal, offices. */
@Module({
  imports: [AvailabilityModule],
  controllers: [DirectoryController, CitiesController, DepartmentsController, CallsController],
  providers: [
    DirectoryService,
    DirectoryRepository,
    DirectoryLookups,
    DirectoryCards,
    SearchService,
    SearchReach,
    SearchReachRepository,
  ],
  exports: [DirectoryService],
})
export class DirectoryModule {}

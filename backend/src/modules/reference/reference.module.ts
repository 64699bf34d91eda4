import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AdminCitiesController, AdminCitiesService } from './admin-cities';
import { AdminSpecialitiesController } from './admin-specialities.controller';
import { AdminSpecialitiesService } from './admin-specialities.service';
import { ReferenceController } from './reference.controller';
import { ReferenceRepository } from './reference.repository';
import { ReferenceService } from './reference.service';

@Module({
  imports: [AuditModule],
  controllers: [ReferenceController, AdminSpecialitiesController, AdminCitiesController],
  providers: [ReferenceService, ReferenceRepository, AdminSpecialitiesService, AdminCitiesService],
  exports: [ReferenceService],
})
export class ReferenceModule {}

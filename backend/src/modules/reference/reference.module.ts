import { Module } from '@nestjs/common';
import { ReferenceController } from './reference.controller';
import { ReferenceRepository } from './reference.repository';
import { ReferenceService } from './reference.service';

@Module({
  controllers: [ReferenceController],
  providers: [ReferenceService, ReferenceRepository],
  exports: [ReferenceService],
})
export class ReferenceModule {}

import { Module } from '@nestjs/common';
import { VisioSettingsController } from './visio.controller';
import { VisioLinksService } from './visio-links.service';
import { VisioSettingsRepository } from './visio-settings.repository';

/** Video links: the professional's provider (Meet, Teams, the site's Jitsi, their own room) and the links. */
@Module({
  controllers: [VisioSettingsController],
  providers: [VisioLinksService, VisioSettingsRepository],
  exports: [VisioLinksService],
})
export class VisioModule {}

/** Worker side: the links only (the write-back falls back on them). */
@Module({
  providers: [VisioLinksService, VisioSettingsRepository],
  exports: [VisioLinksService],
})
export class VisioWorkerModule {}

import { Module } from '@nestjs/common';
import { SlotAlertsController } from './slot-alerts.controller';
import { SlotAlertsRepository } from './slot-alerts.repository';
import { SlotAlertsService } from './slot-alerts.service';

/** Earlier-slot alerts, API side (subscribe from a profile, stop from the mail). */
@Module({
  controllers: [SlotAlertsController],
  providers: [SlotAlertsService, SlotAlertsRepository],
})
export class SlotAlertsModule {}

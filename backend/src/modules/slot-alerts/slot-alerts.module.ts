import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox';
import { SlotAlertsController } from './slot-alerts.controller';
import { SlotAlertsRepository } from './slot-alerts.repository';
import { SlotAlertsService } from './slot-alerts.service';

/** Earlier-slot alerts, API side (subscribe from a profile, confirm and stop from the mails). */
@Module({
  imports: [OutboxModule],
  controllers: [SlotAlertsController],
  providers: [SlotAlertsService, SlotAlertsRepository],
})
export class SlotAlertsModule {}

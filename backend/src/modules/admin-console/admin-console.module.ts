import { Module } from '@nestjs/common';
import { QueueModule } from '../../queue/queue.module';
import { AccountsModule } from '../accounts';
import { AuditModule } from '../audit';
import { PrivacyModule } from '../privacy';
import { ClientsController } from './clients.controller';
import { ClientsService } from './clients.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

/** The console's cross-module screens: dashboard figures, clients (attendees). */
@Module({
  imports: [QueueModule, AccountsModule, AuditModule, PrivacyModule],
  controllers: [DashboardController, ClientsController, QueuesController],
  providers: [DashboardService, DashboardRepository, ClientsService, QueuesService],
})
export class AdminConsoleModule {}

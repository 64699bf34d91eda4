import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import { ClientFoldersWorkerModule } from '../client-folders';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { AgreementStorage, createAgreementStorage } from './agreement-storage';
import { FeeAgreementMailJob } from './fee-agreement-mail.job';
import {
  ClientFeeAgreementsController,
  ProfessionalFeeAgreementsController,
} from './fee-agreements.controller';
import { FeeAgreementsRepository } from './fee-agreements.repository';
import { FeeAgreementsService } from './fee-agreements.service';

const storage = { provide: AgreementStorage, inject: [ENV], useFactory: createAgreementStorage };

/** Fee agreements of the lawyer sector: terms per paid motive, acceptance at booking (booking calls the service). */
@Module({
  imports: [OutboxModule],
  controllers: [ProfessionalFeeAgreementsController, ClientFeeAgreementsController],
  providers: [FeeAgreementsService, FeeAgreementsRepository, storage],
  exports: [FeeAgreementsService],
})
export class FeeAgreementsModule {}

/** Worker side: the accepted PDF mailed to both parties and filed in the client's folder. */
@Module({
  imports: [NotificationsWorkerModule, ClientFoldersWorkerModule],
  providers: [FeeAgreementMailJob, FeeAgreementsRepository, storage],
})
export class FeeAgreementsWorkerModule {}

import { Module } from '@nestjs/common';
import { ClientFoldersWorkerModule } from '../client-folders';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { FeeNoteDelivery } from './fee-note-delivery';
import { FeeNoteIssuer } from './fee-note-issuer';
import { AdminFeeNotesController, FeeNotesController } from './fee-notes.controller';
import { FeeNotesRepository } from './fee-notes.repository';
import { FeeNotesService } from './fee-notes.service';

/**
 * Issuing notes happens where payments settle (the worker, sometimes the API): both import this module for
 * `FeeNoteIssuer`.
 */
@Module({
  imports: [OutboxModule],
  providers: [FeeNotesRepository, FeeNoteIssuer],
  exports: [FeeNoteIssuer],
})
export class FeeNoteIssuingModule {}

/** The API side: "Mes paiements"' notes, their PDFs, the VAT settings, the console's list. */
@Module({
  controllers: [FeeNotesController, AdminFeeNotesController],
  providers: [FeeNotesRepository, FeeNotesService],
})
export class FeeNotesModule {}

/** Worker side: the delivery of each issued note (client folder, mail). */
@Module({
  imports: [NotificationsWorkerModule, ClientFoldersWorkerModule],
  providers: [FeeNotesRepository, FeeNoteDelivery],
})
export class FeeNotesWorkerModule {}

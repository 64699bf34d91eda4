import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import { NotificationsWorkerModule } from '../notifications';
import { ClientFoldersRepository } from './client-folders.repository';
import { createDocumentStorage, DocumentStorage } from './document-storage';
import { FolderFiling } from './folder-filing';
import { FolderMessageMailJob } from './folder-message.mail';

/**
 * Worker side of client folders: the mail of a folder message, and the filing of the documents other modules' jobs
 * make (fee notes, credit notes, accepted fee agreements). Import only in WorkerModule and worker modules.
 */
@Module({
  imports: [NotificationsWorkerModule],
  providers: [
    FolderMessageMailJob,
    ClientFoldersRepository,
    FolderFiling,
    { provide: DocumentStorage, inject: [ENV], useFactory: createDocumentStorage },
  ],
  exports: [FolderFiling],
})
export class ClientFoldersWorkerModule {}

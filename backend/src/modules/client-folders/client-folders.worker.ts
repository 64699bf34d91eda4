import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import { NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { ClientFoldersRepository } from './client-folders.repository';
import { ClientFoldersService, DocumentStorage } from './client-folders.service';
import { createDocumentStorage } from './document-storage';
import { FolderFiling } from './folder-filing';
import { FolderMessageMailJob } from './folder-message.mail';

/**
 * Worker side of client folders: the mail of a folder message, and the filing of documents other modules'
 * jobs make (an accepted fee agreement). Import only in WorkerModule and worker modules.
 */
@Module({
  imports: [NotificationsWorkerModule, OutboxModule],
  providers: [
    FolderMessageMailJob,
    ClientFoldersRepository,
    ClientFoldersService,
    FolderFiling,
    { provide: DocumentStorage, inject: [ENV], useFactory: createDocumentStorage },
  ],
  exports: [FolderFiling],
})
export class ClientFoldersWorkerModule {}

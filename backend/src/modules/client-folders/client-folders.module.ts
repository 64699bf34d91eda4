import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { allowUploadBodies } from '../../common/upload-body-limit';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { OutboxModule } from '../outbox';
import { ClientFoldersController, FolderDocumentLinksController } from './client-folders.controller';
import { ClientFoldersRepository } from './client-folders.repository';
import { ClientFoldersService, DocumentStorage } from './client-folders.service';
import { FolderDocumentsService } from './folder-documents.service';
import { DownloadLinkUses } from './download-links';
import { FolderAccessGuard } from './folder-access.guard';
import { createDocumentStorage } from './document-storage';
import { ClamdVirusScanner, NoopVirusScanner, VirusScanner } from './virus-scanner';

/** ANTIVIRUS=clamav (default in production) scans with clamd; none scans nothing (development). */
export function createVirusScanner(env: Env): VirusScanner {
  const mode = env.ANTIVIRUS ?? (env.NODE_ENV === 'production' ? 'clamav' : 'none');
  return mode === 'clamav' ? new ClamdVirusScanner(env.CLAMAV_ADDRESS) : new NoopVirusScanner();
}

/**
 * The antivirus check of the API's readiness: clamd answers PING when ANTIVIRUS is clamav (uploads would
 * all be refused without it), nothing to check otherwise.
 */
export function antivirusProbe(env: Env): (() => Promise<void>) | undefined {
  const scanner = createVirusScanner(env);
  return scanner instanceof ClamdVirusScanner ? () => scanner.ping() : undefined;
}

/** Client folders, their documents (storage port + antivirus port) and exchanges. */
@Module({
  imports: [OutboxModule],
  controllers: [ClientFoldersController, FolderDocumentLinksController],
  providers: [
    ClientFoldersService,
    FolderDocumentsService,
    ClientFoldersRepository,
    FolderAccessGuard,
    DownloadLinkUses,
    {
      provide: DocumentStorage,
      inject: [ENV],
      useFactory: createDocumentStorage,
    },
    { provide: VirusScanner, inject: [ENV], useFactory: createVirusScanner },
  ],
  exports: [ClientFoldersService],
})
export class ClientFoldersModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  configure(_consumer: MiddlewareConsumer): void {
    allowUploadBodies(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
  }
}

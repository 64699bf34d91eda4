import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { ClientFoldersRepository } from './client-folders.repository';
import { ClientFoldersService, DocumentStorage } from './client-folders.service';
import { documentLabel, downloadName, newStorageName } from './folder-documents';

/**
 * Documents the product itself files in a client's folder (an accepted fee agreement): no antivirus (the
 * server made the bytes) and no quota (a full folder must not lose a document the law asks to keep).
 * Filed as the professional's, so the client may read it but not remove it.
 */
@Injectable()
export class FolderFiling {
  constructor(
    private readonly folders: ClientFoldersService,
    private readonly repository: ClientFoldersRepository,
    private readonly storage: DocumentStorage,
  ) {}

  /** Files a PDF in the client's open folder with the appointment's professional (opened on the way). */
  async filePdf(tx: DbOrTx, appointmentId: string, label: string, bytes: Buffer): Promise<boolean> {
    const folder = await this.folders.folderForAppointment({ id: appointmentId });
    if (!folder) return false;
    const storageName = newStorageName('pdf');
    await this.storage.put(storageName, bytes);
    const inserted = await this.repository.insertDocument(tx, {
      folderId: folder.id,
      uploadedBy: 'user',
      storageName,
      fileName: downloadName('pdf', new Date()),
      label: documentLabel(label),
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
    });
    await this.repository.audit(tx, {
      folderId: folder.id,
      documentId: inserted.id,
      action: 'upload',
      actorKind: 'system',
      actorId: null,
      detail: `${inserted.fileName} (application/pdf, ${bytes.length} octets)`,
    });
    await this.repository.touch(tx, folder.id);
    return true;
  }
}
